#include "tests/core/model/small_trees.h"

namespace treelab::test {
namespace {

TreeNode split(int parent, int depth, int left, int right, double threshold) {
    TreeNode node;
    node.parent = parent;
    node.depth = depth;
    node.left = left;
    node.right = right;
    node.threshold = threshold;
    return node;
}

TreeNode leaf(int parent, int depth) {
    TreeNode node;
    node.parent = parent;
    node.depth = depth;
    return node;
}

TreeNode with(TreeNode node, const Eigen::VectorXd& distribution, bool pruned = false) {
    node.distribution = distribution;
    node.pruned = pruned;
    return node;
}

Eigen::VectorXd v(std::initializer_list<double> values) {
    Eigen::VectorXd result(static_cast<Eigen::Index>(values.size()));
    Eigen::Index i = 0;
    for (const double x : values) result(i++) = x;
    return result;
}

}  // namespace

TreeModel axis_tree() {
    TreeModel tree;
    tree.task = Task::Classification;
    tree.feature_names = {"x0", "x1"};
    tree.class_names = {"a", "b", "c"};
    TreeNode n0 = split(-1, 0, 1, 2, 0.5), n1 = split(0, 1, 3, 4, 1.0), n2 = split(0, 1, 5, 6, 2.0),
             n4 = split(1, 2, 7, 8, -1.0);
    n0.feature = 0;
    n1.feature = 1;
    n2.feature = 1;
    n4.feature = 0;
    tree.nodes = {with(n0, v({0.4, 0.3, 0.3})),
                  with(n1, v({0.5, 0.25, 0.25})),
                  with(n2, v({0.2, 0.2, 0.6})),
                  with(leaf(1, 2), v({0.9, 0.05, 0.05})),
                  with(n4, v({0.1, 0.45, 0.45})),  // tie between b and c: predicts b
                  with(leaf(2, 2), v({0.0, 1.0, 0.0}), true),
                  with(leaf(2, 2), v({0.0, 0.0, 1.0}), true),
                  with(leaf(4, 3), v({0.3, 0.7, 0.0})),
                  with(leaf(4, 3), v({1.0, 0.0, 0.0}), true)};
    tree.nodes[7].empty = true;
    return tree;
}

TreeModel oblique_tree() {
    TreeModel tree;
    tree.task = Task::Regression;
    tree.feature_names = {"x0", "x1"};
    TreeNode n0 = split(-1, 0, 1, 2, 1.0), n1 = split(0, 1, 3, 4, 0.0), n2 = split(0, 1, 5, 6, 0.0);
    n0.weights = v({1.0, 1.0});
    n1.weights = v({2.0, -1.0});
    n2.weights = v({0.0, 1.0});
    tree.nodes = {with(n0, v({25.0})),     with(n1, v({25.0})),     with(n2, v({10.0})),
                  with(leaf(1, 2), v({20.0})), with(leaf(1, 2), v({30.0})), with(leaf(2, 2), v({50.0}), true),
                  with(leaf(2, 2), v({40.0}))};
    return tree;
}

Eigen::MatrixXd axis_rows() {
    Eigen::MatrixXd X(5, 2);
    X << 0, 0, 0, 0, 0, 5, 1, 0, 1, 3;
    return X;
}

}  // namespace treelab::test
