// complete_tree.h: one builder of heap-ordered complete trees for every gradient learner.
#include "core/model/complete_tree.h"

#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/nn/sigmoid.h"
#include "core/nn/softmax.h"

namespace treelab {
namespace {

constexpr int kMaxDepth = 24;  // 2^25 nodes; deeper would not fit in memory anyway

std::string shape(Eigen::Index rows, Eigen::Index cols) { return std::to_string(rows) + " × " + std::to_string(cols); }

void set_axis_splits(TreeModel& model, const AxisAlignedSplits& splits, Eigen::Index internal) {
    if (splits.features.size() != internal || splits.thresholds.size() != internal)
        throw Error("a complete tree of this depth has " + std::to_string(internal) + " internal nodes, but " +
                    std::to_string(splits.features.size()) + " split features and " + std::to_string(splits.thresholds.size()) +
                    " thresholds were given");
    for (Eigen::Index t = 0; t < internal; ++t) {
        const int feature = splits.features(t);
        if (feature < 0 || feature >= model.features())
            throw Error("internal node " + std::to_string(t) + " splits on feature " + std::to_string(feature) +
                        " but the data has " + std::to_string(model.features()) + " features");
        TreeNode& node = model.nodes[static_cast<std::size_t>(t)];
        node.feature = feature;
        node.threshold = splits.thresholds(t);
    }
}

void set_oblique_splits(TreeModel& model, const ObliqueSplits& splits, Eigen::Index internal) {
    if (splits.weights.rows() != internal || splits.weights.cols() != model.features() || splits.bias.size() != internal)
        throw Error("a complete tree of this depth on " + std::to_string(model.features()) + " features needs " +
                    shape(internal, model.features()) + " oblique weights and " + std::to_string(internal) + " biases, not " +
                    shape(splits.weights.rows(), splits.weights.cols()) + " and " + std::to_string(splits.bias.size()));
    for (Eigen::Index t = 0; t < internal; ++t) {
        TreeNode& node = model.nodes[static_cast<std::size_t>(t)];
        node.feature = -1;
        node.weights = splits.weights.row(t).transpose();
        node.threshold = -splits.bias(t);  // w·x + b <= 0  ⇔  w·x <= −b
    }
}

// Node values from the hard routing of the training rows: class frequencies or the mean target;
// an empty node takes its parent's (parents come first in heap order).
void set_routed_values(TreeModel& model, const Dataset& train) {
    model.set_routing_counts(train.X, train.y);
    Eigen::VectorXd sums;
    if (model.task == Task::Regression) sums = model.routing_matrix(train.X) * train.y;
    for (std::size_t id = 0; id < model.nodes.size(); ++id) {
        TreeNode& node = model.nodes[id];
        if (node.samples == 0.0) {
            node.distribution = node.parent >= 0 ? model.nodes[static_cast<std::size_t>(node.parent)].distribution
                                : model.task == Task::Classification
                                    ? Eigen::VectorXd::Constant(model.classes(), 1.0 / std::max(model.classes(), 1))
                                    : Eigen::VectorXd::Zero(1);
        } else if (model.task == Task::Classification) {
            node.distribution = node.class_counts / node.samples;
        } else {
            node.distribution = Eigen::VectorXd::Constant(1, sums(static_cast<Eigen::Index>(id)) / node.samples);
        }
    }
}

// leaves × (C or 1) distributions from the given leaf values.
Eigen::MatrixXd leaf_distributions(const CompleteTree& tree, const TreeModel& model, Eigen::Index leaves) {
    const Eigen::MatrixXd& values = tree.leaf_values;
    const bool classification = model.task == Task::Classification;
    const Eigen::Index columns = classification ? model.classes() : 1;
    if (values.rows() != leaves)
        throw Error("a complete tree of depth " + std::to_string(tree.depth) + " has " + std::to_string(leaves) +
                    " leaves, but " + std::to_string(values.rows()) + " rows of leaf values were given");
    if (tree.leaf_kind == LeafValueKind::Logits) {
        if (!classification) throw Error("leaf logits need a classification task; give regression leaves as values");
        if (values.cols() == 1 && columns == 2) {
            Eigen::MatrixXd p(leaves, 2);
            p.col(1) = nn::sigmoid(values);
            p.col(0) = nn::sigmoid(-values);  // 1 − σ(z), without the cancellation
            return p;
        }
        if (values.cols() != columns)
            throw Error("leaf logits have " + std::to_string(values.cols()) + " columns; expected " + std::to_string(columns) +
                        " (one per class" + (columns == 2 ? ", or 1 for two classes)" : ")"));
        return nn::softmax(values);
    }
    if (values.cols() != columns)
        throw Error("leaf values have " + std::to_string(values.cols()) + " columns; expected " + std::to_string(columns) +
                    (classification ? " (one probability per class)" : " (the regression value)"));
    return values;
}

// Linear leaves: slopes beside given leaf values (validate() checks the task and finiteness).
void set_leaf_weights(TreeModel& model, const CompleteTree& tree, Eigen::Index leaves) {
    if (tree.leaf_values.rows() != leaves || tree.leaf_weights.rows() != leaves || tree.leaf_weights.cols() != model.features())
        throw Error("linear leaves of a complete tree of depth " + std::to_string(tree.depth) + " on " +
                    std::to_string(model.features()) + " features need " + shape(leaves, model.features()) +
                    " leaf weights beside the leaf values, not " + shape(tree.leaf_weights.rows(), tree.leaf_weights.cols()));
    const Eigen::Index internal = leaves - 1;
    for (Eigen::Index l = 0; l < leaves; ++l)
        model.nodes[static_cast<std::size_t>(internal + l)].leaf_weights = tree.leaf_weights.row(l).transpose();
}

}  // namespace

TreeModel complete_tree_model(const CompleteTree& tree, const Dataset& train) {
    if (tree.depth < 0 || tree.depth > kMaxDepth)
        throw Error("a complete tree needs a depth between 0 and " + std::to_string(kMaxDepth) + ", not " +
                    std::to_string(tree.depth));
    if (train.y.size() != train.X.rows())
        throw Error("cannot route " + std::to_string(train.X.rows()) + " training rows with " + std::to_string(train.y.size()) +
                    " targets");
    const Eigen::Index internal = (Eigen::Index{1} << tree.depth) - 1, leaves = internal + 1, nodes = internal + leaves;
    TreeModel model;
    model.task = train.task;
    model.feature_names = train.feature_names;
    model.class_names = train.class_names;
    if (model.features() != train.X.cols())
        throw Error("the training data has " + std::to_string(train.X.cols()) + " columns but " +
                    std::to_string(model.features()) + " feature names");
    if (!tree.pruned.empty() && static_cast<Eigen::Index>(tree.pruned.size()) != nodes)
        throw Error("a complete tree of depth " + std::to_string(tree.depth) + " has " + std::to_string(nodes) + " nodes, but " +
                    std::to_string(tree.pruned.size()) + " pruned flags were given");

    model.nodes.assign(static_cast<std::size_t>(nodes), TreeNode{});
    for (Eigen::Index t = 0; t < nodes; ++t) {
        TreeNode& node = model.nodes[static_cast<std::size_t>(t)];
        if (t > 0) {
            node.parent = static_cast<int>((t - 1) / 2);
            node.depth = model.nodes[static_cast<std::size_t>(node.parent)].depth + 1;
        }
        if (!tree.pruned.empty()) node.pruned = tree.pruned[static_cast<std::size_t>(t)];
        if (t >= internal) continue;
        node.left = static_cast<int>(2 * t + 1);
        node.right = static_cast<int>(2 * t + 2);
    }
    if (const auto* axis = std::get_if<AxisAlignedSplits>(&tree.splits))
        set_axis_splits(model, *axis, internal);
    else
        set_oblique_splits(model, std::get<ObliqueSplits>(tree.splits), internal);

    // Validate the shape (pruning, split values) before routing rows through it.
    for (TreeNode& node : model.nodes) node.distribution = Eigen::VectorXd::Zero(model.task == Task::Classification ? model.classes() : 1);
    model.validate();
    set_routed_values(model, train);
    if (tree.leaf_values.rows() > 0 || tree.leaf_values.cols() > 0) {
        const Eigen::MatrixXd p = leaf_distributions(tree, model, leaves);
        for (Eigen::Index l = 0; l < leaves; ++l) model.nodes[static_cast<std::size_t>(internal + l)].distribution = p.row(l).transpose();
    }
    if (tree.leaf_weights.size() > 0) set_leaf_weights(model, tree, leaves);
    model.validate();
    return model;
}

}  // namespace treelab
