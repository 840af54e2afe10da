#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

// Stats count the effective tree: a node whose children are both pruned is a leaf, a node with one pruned child is not.
TEST(TreeStats, AxisTreeWithPrunedSubtreeAndOneSidedPrune) {
    const TreeStats stats = test::axis_tree().stats();
    EXPECT_EQ(stats.depth, 3);         // node 7
    EXPECT_EQ(stats.nodes, 6);         // 0 1 2 3 4 7
    EXPECT_EQ(stats.leaves, 3);        // 2 3 7
    EXPECT_EQ(stats.active_nodes, 5);  // all but the empty node 7
    EXPECT_EQ(stats.empty_nodes, 1);
    EXPECT_EQ(stats.pruned_nodes, 3);  // 5 6 8
}

// In the oblique tree node 2 keeps one child, so it is internal and the depth stays 2.
TEST(TreeStats, ObliqueTreeWithOneSidedPrune) {
    const TreeStats stats = test::oblique_tree().stats();
    EXPECT_EQ(stats.depth, 2);
    EXPECT_EQ(stats.nodes, 6);
    EXPECT_EQ(stats.leaves, 3);  // 3 4 6
    EXPECT_EQ(stats.active_nodes, 6);
    EXPECT_EQ(stats.empty_nodes, 0);
    EXPECT_EQ(stats.pruned_nodes, 1);
}

// A root without children is a tree of depth 0 with one leaf.
TEST(TreeStats, RootAlone) {
    TreeModel tree = test::oblique_tree();
    tree.nodes.resize(1);
    tree.nodes[0].left = tree.nodes[0].right = -1;
    const TreeStats stats = tree.stats();
    EXPECT_EQ(stats.depth, 0);
    EXPECT_EQ(stats.nodes, 1);
    EXPECT_EQ(stats.leaves, 1);
}

// stops_at is true exactly for the leaves of the effective tree, false for pruned nodes, and refuses bad indices.
TEST(TreeStats, StopsAtMatchesTheLeavesOfTheEffectiveTree) {
    const TreeModel tree = test::axis_tree();
    const std::vector<bool> expected = {false, false, true, true, false, false, false, true, false};
    for (std::size_t id = 0; id < expected.size(); ++id)
        EXPECT_EQ(tree.stops_at(static_cast<int>(id)), expected[id]) << "node " << id;
    EXPECT_THROW(tree.stops_at(9), Error);
    EXPECT_THROW(tree.stops_at(-1), Error);
}

}  // namespace
}  // namespace treelab
