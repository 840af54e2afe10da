#include <gtest/gtest.h>

#include "core/learners/gradtree/gradtree_pruning.h"
#include "core/model/complete_tree.h"

namespace treelab {
namespace {

// Depth 2 on feature 0: root at 0, left child at -1, right child at 1; training rows only right of 0.
TreeModel depth_two_tree(const Dataset& train) {
    CompleteTree tree;
    tree.depth = 2;
    tree.splits = AxisAlignedSplits{Eigen::VectorXi::Zero(3), Eigen::Vector3d(0.0, -1.0, 1.0)};
    tree.leaf_values = Eigen::MatrixXd(4, 2);
    tree.leaf_values << 1, 0, 0.8, 0.2, 0.3, 0.7, 0, 1;
    return complete_tree_model(tree, train);
}

Dataset right_side_rows() {
    Dataset train;
    train.X = Eigen::Vector3d(0.5, 2.0, 3.0);
    train.y = Eigen::Vector3d(0, 1, 1);
    train.feature_names = {"x"};
    train.class_names = {"a", "b"};
    return train;
}

// 001 §4.1: the root's empty left branch goes, the root becomes its right child with both leaves.
TEST(GradTreePruning, ReplacesASplitWithAnEmptySideByItsOtherChild) {
    const Dataset train = right_side_rows();
    const TreeModel pruned = gradtree::prune_empty_branches(depth_two_tree(train));
    EXPECT_NO_THROW(pruned.validate());
    ASSERT_EQ(pruned.nodes.size(), 3u);
    EXPECT_EQ(pruned.nodes[0].threshold, 1.0);
    EXPECT_EQ(pruned.nodes[0].parent, -1);
    EXPECT_EQ(pruned.nodes[1].depth, 1);
    EXPECT_EQ(pruned.nodes[1].distribution, Eigen::Vector2d(0.3, 0.7));
    EXPECT_EQ(pruned.nodes[2].distribution, Eigen::Vector2d(0, 1));
    // A test row left of the root now follows the right subtree (this changes test predictions).
    const Eigen::MatrixXd test_row = Eigen::MatrixXd::Constant(1, 1, -5.0);
    EXPECT_EQ(pruned.predict_proba(test_row).row(0), Eigen::RowVector2d(0.3, 0.7));
}

// Every training row is predicted as before pruning, and every remaining split has rows on both sides.
TEST(GradTreePruning, KeepsTrainingPredictions) {
    const Dataset train = right_side_rows();
    const TreeModel tree = depth_two_tree(train);
    const TreeModel pruned = gradtree::prune_empty_branches(tree);
    EXPECT_EQ(pruned.predict_proba(train.X), tree.predict_proba(train.X));
    for (const TreeNode& node : pruned.nodes)
        if (node.is_split()) {
            EXPECT_GE(pruned.nodes[static_cast<std::size_t>(node.left)].samples, 1.0);
            EXPECT_GE(pruned.nodes[static_cast<std::size_t>(node.right)].samples, 1.0);
        }
}

// A tree whose splits all have rows on both sides is returned as it is, in the same node order.
TEST(GradTreePruning, LeavesAFullyReachedTreeAlone) {
    Dataset train = right_side_rows();
    train.X = Eigen::Vector4d(-2.0, -0.5, 0.5, 2.0);
    train.y = Eigen::Vector4d(0, 0, 1, 1);
    const TreeModel tree = depth_two_tree(train);
    const TreeModel pruned = gradtree::prune_empty_branches(tree);
    ASSERT_EQ(pruned.nodes.size(), tree.nodes.size());
    for (std::size_t t = 0; t < tree.nodes.size(); ++t) {
        EXPECT_EQ(pruned.nodes[t].left, tree.nodes[t].left);
        EXPECT_EQ(pruned.nodes[t].right, tree.nodes[t].right);
        EXPECT_EQ(pruned.nodes[t].depth, tree.nodes[t].depth);
        EXPECT_EQ(pruned.nodes[t].distribution, tree.nodes[t].distribution);
    }
}

}  // namespace
}  // namespace treelab
