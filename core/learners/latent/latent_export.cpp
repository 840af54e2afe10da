// Trained LatentTrees parameters → the shared TreeModel (conventions §3). The pruning of the
// returned tree is defined as a = T_η(q) solved once on the whole training set
// (reference_implementations.md §7 item 3); the reference re-solves it per evaluation batch.
#include <algorithm>

#include "core/learners/latent/latent_settings.h"
#include "core/model/latent_routing.h"

namespace treelab::latent {
namespace {

// Heap-ordered complete tree; internal node t splits on s_t(x) = w_t·x + b_t, with zero weights
// for the columns the model does not read (the regressed ones).
void add_nodes(TreeModel& tree, const Settings& settings, const ParameterView& v) {
    const Spec& spec = settings.spec;
    tree.nodes.assign(static_cast<std::size_t>(spec.nodes()), TreeNode{});
    for (Eigen::Index t = 0; t < spec.nodes(); ++t) {
        TreeNode& node = tree.nodes[static_cast<std::size_t>(t)];
        if (t > 0) {
            node.parent = static_cast<int>((t - 1) / 2);
            node.depth = tree.nodes[static_cast<std::size_t>(node.parent)].depth + 1;
        }
        if (t >= spec.internal()) continue;
        node.left = static_cast<int>(2 * t + 1);
        node.right = static_cast<int>(2 * t + 2);
        Eigen::VectorXd w = Eigen::VectorXd::Zero(tree.features());
        w(settings.input_columns) = v.W.row(t).transpose();
        set_latent_split(node, w, v.b(t));
    }
}

RoutingPredictor predictor_of(const TreeModel& tree, const Settings& settings, const ParameterView& v, const Eigen::VectorXd& a) {
    const Spec& spec = settings.spec;
    RoutingPredictor predictor;
    predictor.activation = spec.activation;
    predictor.activity = a;
    predictor.weights = Eigen::MatrixXd::Zero(spec.outputs, tree.features() + spec.leaves());
    predictor.weights(Eigen::all, settings.input_columns) = v.phi.leftCols(spec.inputs);
    predictor.weights.rightCols(spec.leaves()) = v.phi.rightCols(spec.leaves());
    predictor.bias = v.bias;
    // Undo the target normalisation: y = scale · f_φ + mean.
    predictor.weights *= settings.target_scale;
    predictor.bias = predictor.bias * settings.target_scale + Eigen::VectorXd::Constant(spec.outputs, settings.target_mean);
    predictor.output_features = settings.output_columns;
    return predictor;
}

// Node values for the canvas from the hard routing of the training rows: class frequencies or the
// mean target; an empty node takes its parent's.
void set_node_values(TreeModel& tree, const Dataset& train) {
    tree.set_routing_counts(train.X, train.y);
    Eigen::VectorXd sums;
    if (tree.task == Task::Regression) sums = tree.routing_matrix(train.X) * train.y;
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        TreeNode& node = tree.nodes[id];
        if (node.samples == 0.0) {
            node.distribution = node.parent >= 0 ? tree.nodes[static_cast<std::size_t>(node.parent)].distribution
                                : tree.task == Task::Classification
                                    ? Eigen::VectorXd::Constant(tree.classes(), 1.0 / std::max(tree.classes(), 1))
                                    : Eigen::VectorXd::Zero(1);
        } else if (tree.task == Task::Classification) {
            node.distribution = node.class_counts / node.samples;
        } else {
            node.distribution = Eigen::VectorXd::Constant(1, sums(static_cast<Eigen::Index>(id)) / node.samples);
        }
    }
}

}  // namespace

TreeModel export_tree(const Settings& settings, const Eigen::VectorXd& parameters, const Dataset& train) {
    const Spec& spec = settings.spec;
    const ParameterView v = view(spec, parameters);
    TreeModel tree;
    tree.task = train.task;
    tree.feature_names = train.feature_names;
    tree.class_names = train.class_names;
    add_nodes(tree, settings, v);

    const Eigen::MatrixXd X = model_inputs(settings, train);
    const Eigen::VectorXd a = activity(spec, parameters, X);
    // a is isotonic (a_child <= a_parent), so pruning whole subtrees; the root is never flagged.
    for (Eigen::Index t = 1; t < spec.nodes(); ++t) tree.nodes[static_cast<std::size_t>(t)].pruned = a(t) == 0.0;
    tree.routing_predictor = predictor_of(tree, settings, v, a);
    set_node_values(tree, train);
    // Soft routing mass: mean z_t over the training rows (000 Prop. 1).
    const Eigen::VectorXd soft_mass = latent_traversal(path_scores(spec, parameters, X), a).colwise().mean();
    for (Eigen::Index t = 0; t < spec.nodes(); ++t) tree.nodes[static_cast<std::size_t>(t)].soft_mass = soft_mass(t);
    tree.validate();
    return tree;
}

}  // namespace treelab::latent
