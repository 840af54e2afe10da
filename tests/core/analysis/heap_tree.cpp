#include "tests/core/analysis/heap_tree.h"

#include <string>

namespace treelab::test {

TreeModel heap_tree(int depth, int classes) {
    TreeModel tree;
    tree.task = Task::Classification;
    tree.feature_names = {"x0"};
    for (int c = 0; c < classes; ++c) tree.class_names.push_back(std::to_string(c));
    const int internal = (1 << depth) - 1;
    tree.nodes.resize(static_cast<std::size_t>(2 * internal + 1));
    for (int t = 0; t < 2 * internal + 1; ++t) {
        TreeNode& node = tree.nodes[static_cast<std::size_t>(t)];
        node.parent = t == 0 ? -1 : (t - 1) / 2;
        node.depth = t == 0 ? 0 : tree.nodes[static_cast<std::size_t>(node.parent)].depth + 1;
        node.distribution = Eigen::VectorXd::Constant(classes, 1.0 / classes);
        if (t >= internal) continue;
        // The node at position p of level d covers leaves [p·w, (p+1)·w), w = 2^(depth-d).
        const int width = 1 << (depth - node.depth), position = t - ((1 << node.depth) - 1);
        node.left = 2 * t + 1;
        node.right = 2 * t + 2;
        node.feature = 0;
        node.threshold = position * width + width / 2 - 0.5;
    }
    return tree;
}

Eigen::MatrixXd rows_at_leaves(std::initializer_list<int> leaves) {
    Eigen::MatrixXd X(static_cast<Eigen::Index>(leaves.size()), 1);
    Eigen::Index i = 0;
    for (const int leaf : leaves) X(i++, 0) = leaf;
    return X;
}

void prune_subtree(TreeModel& tree, int node) {
    TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
    n.pruned = true;
    if (!n.is_split()) return;
    prune_subtree(tree, n.left);
    prune_subtree(tree, n.right);
}

}  // namespace treelab::test
