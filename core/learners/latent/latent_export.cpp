// Trained LatentTrees parameters → the shared TreeModel. The pruning of the
// returned tree is defined as a = T_η(q) solved once on the whole training set
// (a TreeLab choice); the reference re-solves it per evaluation batch (vzantedeschi/LatentTrees src/LT_models.py).
#include "core/learners/latent/latent_settings.h"
#include "core/model/complete_tree.h"
#include "core/model/soft_routing.h"

namespace treelab::latent {
namespace {

// Internal node t splits on s_t(x) = w_t·x + b_t, left iff s_t <= 0 (soft_routing.h), with zero
// weights for the columns the model does not read (the regressed ones).
ObliqueSplits splits_of(Eigen::Index features, const Settings& settings, const ParameterView& v) {
    ObliqueSplits splits{Eigen::MatrixXd::Zero(settings.spec.internal(), features), v.b};
    splits.weights(Eigen::all, settings.input_columns) = v.W;
    return splits;
}

// f_φ's layers; the first reads every feature (zero weights for the columns the model does not
// read), and the last undoes the target normalisation: y = scale · f_φ + mean.
RoutingPredictor predictor_of(const TreeModel& tree, const Settings& settings, const ParameterView& v, const Eigen::VectorXd& a) {
    const Spec& spec = settings.spec;
    RoutingPredictor predictor;
    predictor.activation = spec.activation;
    predictor.activity = a;
    for (const nn::MlpLayer& layer : nn::mlp_layers(spec.predictor(), v.phi)) predictor.layers.push_back({layer.weights, layer.bias});
    DenseLayer& first = predictor.layers.front();
    Eigen::MatrixXd weights = Eigen::MatrixXd::Zero(first.weights.rows(), tree.features() + spec.leaves());
    weights(Eigen::all, settings.input_columns) = first.weights.leftCols(spec.inputs);
    weights.rightCols(spec.leaves()) = first.weights.rightCols(spec.leaves());
    first.weights = std::move(weights);
    DenseLayer& last = predictor.layers.back();
    last.weights *= settings.target_scale;
    last.bias = last.bias * settings.target_scale + Eigen::VectorXd::Constant(spec.outputs, settings.target_mean);
    predictor.output_features = settings.output_columns;
    return predictor;
}

}  // namespace

TreeModel export_tree(const Settings& settings, const Eigen::VectorXd& parameters, const Dataset& train) {
    const Spec& spec = settings.spec;
    const ParameterView v = view(spec, parameters);
    const Eigen::MatrixXd X = model_inputs(settings, train);
    const Eigen::VectorXd a = activity(spec, parameters, X);
    CompleteTree complete;
    complete.depth = spec.depth;
    complete.splits = splits_of(train.features(), settings, v);
    // a is isotonic (a_child <= a_parent), so pruning whole subtrees; the root is never flagged.
    complete.pruned.assign(static_cast<std::size_t>(spec.nodes()), false);
    for (Eigen::Index t = 1; t < spec.nodes(); ++t) complete.pruned[static_cast<std::size_t>(t)] = a(t) == 0.0;
    // Node values for the canvas from the hard routing of the training rows (no leaf values: the
    // routing predictor, not a leaf constant, makes the predictions).
    TreeModel tree = complete_tree_model(complete, train);
    tree.routing_predictor = predictor_of(tree, settings, v, a);
    // Soft routing mass: mean z_t over the training rows (000 Prop. 1).
    const Eigen::VectorXd soft_mass = latent_traversal(path_scores(spec, parameters, X), a).colwise().mean();
    for (Eigen::Index t = 0; t < spec.nodes(); ++t) tree.nodes[static_cast<std::size_t>(t)].soft_mass = soft_mass(t);
    tree.validate();
    return tree;
}

}  // namespace treelab::latent
