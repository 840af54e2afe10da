#include "core/metrics/dendrogram_purity.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "core/error.h"

namespace treelab {
namespace {

const TreeNode& node_at(const TreeModel& tree, int id) {
    if (id < 0 || static_cast<std::size_t>(id) >= tree.nodes.size())
        throw Error("node " + std::to_string(id) + " does not exist; the tree has " + std::to_string(tree.nodes.size()) +
                    " nodes");
    return tree.nodes[static_cast<std::size_t>(id)];
}

// counts summed over each node's subtree (classes × nodes), children before parents. Node order
// is not guaranteed to put children after parents, so nodes are visited by decreasing depth.
Eigen::MatrixXd subtree_sums(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& counts) {
    std::vector<int> order(tree.nodes.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return node_at(tree, a).depth > node_at(tree, b).depth; });
    Eigen::MatrixXd sub = counts;
    for (const int id : order)
        if (const int parent = node_at(tree, id).parent; parent >= 0) sub.col(parent) += sub.col(id);
    return sub;
}

// Σ_t Σ_c purity[c,t] · (pairs of class c whose LCA is t) over the sum of the pair counts; see the
// header for the pair count per node. Reference: ordered pairs with self-pairs (vzantedeschi/LatentTrees src/metrics.py). Textbook:
// the self-pairs of rows stopping at t are removed; ordered distinct pairs give the same mean as
// unordered ones.
double pair_purity(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& purity,
                   const Eigen::Ref<const Eigen::MatrixXd>& stops, const Eigen::MatrixXd& sub, PurityVariant variant) {
    double weighted = 0.0;
    for (std::size_t t = 0; t < tree.nodes.size(); ++t) {
        const TreeNode& node = tree.nodes[t];
        const auto col = static_cast<Eigen::Index>(t);
        Eigen::VectorXd pairs = sub.col(col).array().square();
        if (node.is_split()) pairs -= sub.col(node.left).cwiseAbs2() + sub.col(node.right).cwiseAbs2();
        if (variant == PurityVariant::Textbook) pairs -= stops.col(col);
        weighted += purity.col(col).dot(pairs);
    }
    const Eigen::VectorXd per_class = sub.col(0);
    double total = per_class.squaredNorm();
    if (variant == PurityVariant::Textbook) total -= per_class.sum();
    return total > 0.0 ? weighted / total : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

int lowest_common_ancestor(const TreeModel& tree, int a, int b) {
    // A valid tree's depths strictly decrease towards the root, so each climb ends.
    while (a != b) {
        const TreeNode &na = node_at(tree, a), &nb = node_at(tree, b);
        if (na.depth >= nb.depth) a = na.parent;
        else b = nb.parent;
        if (a < 0 || b < 0) throw Error("the tree's parent links do not meet at a common root");
    }
    return a;
}

Eigen::VectorXi class_indices(const Eigen::Ref<const Eigen::VectorXd>& y, int classes) {
    Eigen::VectorXi indices(y.size());
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        const double label = y(i);
        if (!(label >= 0.0 && label < static_cast<double>(classes) && label == std::floor(label)))
            throw Error("the class of row " + std::to_string(i + 1) + " is " + std::to_string(label) +
                        ", not a class index between 0 and " + std::to_string(classes - 1));
        indices(i) = static_cast<int>(label);
    }
    return indices;
}

double dendrogram_purity(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& purity,
                         const Eigen::Ref<const Eigen::MatrixXd>& stops, PurityVariant variant) {
    const auto nodes = static_cast<Eigen::Index>(tree.nodes.size());
    if (nodes == 0) throw Error("the tree has no nodes");
    if (purity.cols() != nodes || stops.cols() != nodes || purity.rows() != stops.rows())
        throw Error("purity (" + std::to_string(purity.rows()) + " × " + std::to_string(purity.cols()) + ") and counts (" +
                    std::to_string(stops.rows()) + " × " + std::to_string(stops.cols()) +
                    ") must both be classes × nodes, with " + std::to_string(nodes) + " nodes");
    return pair_purity(tree, purity, stops, subtree_sums(tree, stops), variant);
}

double dendrogram_purity(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X,
                         const Eigen::Ref<const Eigen::VectorXd>& y, int classes, PurityVariant variant) {
    if (y.size() != X.rows())
        throw Error("cannot score " + std::to_string(X.rows()) + " rows with " + std::to_string(y.size()) + " class labels");
    const Eigen::VectorXi label = class_indices(y, classes);
    const Eigen::VectorXi stop = tree.route(X);
    Eigen::MatrixXd stops = Eigen::MatrixXd::Zero(classes, static_cast<Eigen::Index>(tree.nodes.size()));
    for (Eigen::Index i = 0; i < X.rows(); ++i) stops(label(i), stop(i)) += 1.0;
    // sub[c, t] = rows of class c whose path passes through t (z_t > 0): the reference's class_hist.
    const Eigen::MatrixXd sub = subtree_sums(tree, stops);
    const Eigen::RowVectorXd below = sub.colwise().sum();
    Eigen::MatrixXd purity = Eigen::MatrixXd::Zero(sub.rows(), sub.cols());
    for (Eigen::Index t = 0; t < sub.cols(); ++t)
        if (below(t) > 0.0) purity.col(t) = sub.col(t) / below(t);
    return pair_purity(tree, purity, stops, sub, variant);
}

}  // namespace treelab
