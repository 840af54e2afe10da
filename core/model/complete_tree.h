#pragma once
// A TreeModel from a complete binary tree of depth D in heap order, the layout every gradient
// learner holds (LatentTrees, GradTree, GET, DGT): node t has children 2t+1 (left) and 2t+2
// (right); nodes 0 .. 2^D − 2 are the internal nodes, then come the 2^D leaves, left to right
// (leaf l is node 2^D − 1 + l).
//
// Splits are given in TreeModel's convention (tree_model.h): a row goes LEFT iff
//     x[feature] <= threshold           (axis-aligned)
//     weights · x + bias <= 0           (oblique; stored as threshold = −bias)
// A learner whose paper says otherwise maps onto it here, e.g. GradTree's "left iff x < t"
// (001 eq. 7: tf.round sends a tie right) is threshold = std::nextafter(t, −∞), and GET's "a·x > b → right"
// (maoqiangqiang/GET GET/GET_IterAlp.py) is bias = −b.
#include <variant>
#include <vector>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/model/tree_model.h"

namespace treelab {

struct AxisAlignedSplits {
    Eigen::VectorXi features;    // per internal node: the column it reads
    Eigen::VectorXd thresholds;  // per internal node: left iff x[feature] <= threshold
};

struct ObliqueSplits {
    Eigen::MatrixXd weights;  // internal nodes × features
    Eigen::VectorXd bias;     // per internal node: left iff weights·x + bias <= 0
};

enum class LeafValueKind {
    Values,  // classification: class distributions (C columns, rows summing to 1); regression: the value
    Logits,  // classification only: C logits → softmax, or for two classes 1 logit z → (1 − σ(z), σ(z))
};

struct CompleteTree {
    int depth = 0;  // D ≥ 0; D = 0 is a single leaf and takes no splits
    std::variant<AxisAlignedSplits, ObliqueSplits> splits;
    // One row per leaf (2^D rows), or 0 rows to let every node, leaves included, predict what the
    // training rows routed to it give (class frequencies or mean target).
    Eigen::MatrixXd leaf_values;
    LeafValueKind leaf_kind = LeafValueKind::Values;
    // Regression with leaf_values only: empty, or one row of slopes per leaf (2^D × features), making
    // leaf l predict leaf_values(l) + leaf_weights.row(l)·x (linear leaves, tree_model.h).
    Eigen::MatrixXd leaf_weights;
    // Empty, or one flag per node (2^(D+1) − 1, heap order): removed from the effective tree
    // (tree_model.h; the root never, and a pruned node's children are pruned too).
    std::vector<bool> pruned;
};

// Builds the TreeModel: task, feature and class names from `train`; the nodes and splits from
// `tree`; samples, class_counts and empty from routing train.X (TreeModel::set_routing_counts, so
// pruned nodes stay empty); every node's distribution from the training rows routed to it (class
// frequencies, or the mean target), an empty node taking its parent's (the root: uniform, or 0);
// then `leaf_values`, when given, replace the leaves' distributions, and `leaf_weights` make the
// leaves linear. Validates the result.
// Throws treelab::Error on input of the wrong shape (e.g. not 2^D leaf rows, not 2^D − 1 splits,
// a feature index out of range) or a tree validate() rejects.
TreeModel complete_tree_model(const CompleteTree& tree, const Dataset& train);

}  // namespace treelab
