#pragma once
// Dendrogram purity (DP) of a tree used as a hierarchical clustering (000 §4.2, Table 3 and
// Figure 3; Monath et al. 2019): how pure, w.r.t. the class of two rows, is the lowest common
// ancestor of the nodes where they stop.
//
// Each row's "leaf" is its stopping node from TreeModel::route: a row whose path is pruned stops
// at its deepest active ancestor. The LatentTrees code takes the argmax of z over the leaves,
// which silently puts such rows in leaf 0 (vzantedeschi/LatentTrees src/metrics.py); TreeLab does
// not copy that.
//
// purity[c, t] = (rows of class c below t) / (rows below t), 0/0 -> 0, where "below t" means the
// path passes through t (z_t > 0), internal nodes included. With TreeLab's routing this is the
// same as "the stopping node lies in t's subtree", so both variants share it; they differ in which
// pairs they average over (the code's src/metrics.py counts ordered pairs and self-pairs; the textbook mean is over distinct pairs).
#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

enum class PurityVariant {
    // The LatentTrees code (src/metrics.py), which produced 000's Table 3: all ORDERED pairs of
    // stopping nodes, self-pairs included, weighted by the class counts of both nodes.
    Reference,
    // Heller & Ghahramani 2005 / Monath et al. 2019: mean over unordered pairs of DISTINCT rows of
    // the same class.
    Textbook,
};

// Lowest common ancestor of nodes a and b, climbing parent pointers (depths must be consistent,
// as TreeModel::validate checks). DP is defined through it; the fast path below groups pairs by
// their LCA instead of calling it per pair.
int lowest_common_ancestor(const TreeModel& tree, int a, int b);

// The class labels y (class indices 0..classes-1 stored as doubles, as in Dataset::y) as ints;
// throws Error naming the first row whose label is not a class index.
Eigen::VectorXi class_indices(const Eigen::Ref<const Eigen::VectorXd>& y, int classes);

// DP from purity[c, t] and stops[c, t] (classes × nodes; stops = rows of class c whose stopping
// node is t). Exposed so the reference's unit oracles, which set purity and counts independently
// (the asserts in vzantedeschi/LatentTrees src/metrics.py __main__), can test the formula. O(nodes · classes): the
// ordered pairs whose LCA is t number sub[c,t]² − sub[c,left]² − sub[c,right]², with sub the
// counts summed over t's subtree. NaN when there is no pair (no row; Textbook: no class with two
// rows). An empty class contributes nothing to either sum.
double dendrogram_purity(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& purity,
                         const Eigen::Ref<const Eigen::MatrixXd>& stops, PurityVariant variant);

// DP of `tree` on rows X with class labels y (see class_indices). The classes need not be the
// tree's: a self-supervised clustering tree (000 §4.2) is a regression tree scored on labels.
double dendrogram_purity(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X,
                         const Eigen::Ref<const Eigen::VectorXd>& y, int classes, PurityVariant variant);

}  // namespace treelab
