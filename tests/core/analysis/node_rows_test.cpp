#include <gtest/gtest.h>

#include "core/analysis/node_rows.h"
#include "core/error.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

using test::axis_rows;

// A node's rows are those whose path passes it, internal nodes included; unreached nodes have none.
TEST(NodeRows, RowsReachingEachNode) {
    const TreeModel tree = test::axis_tree();
    using Rows = std::vector<Eigen::Index>;
    EXPECT_EQ(rows_reaching(tree, axis_rows(), 0), (Rows{0, 1, 2, 3, 4}));
    EXPECT_EQ(rows_reaching(tree, axis_rows(), 1), (Rows{0, 1, 2}));
    EXPECT_EQ(rows_reaching(tree, axis_rows(), 4), (Rows{2}));
    EXPECT_EQ(rows_reaching(tree, axis_rows(), 2), (Rows{3, 4}));
    EXPECT_TRUE(rows_reaching(tree, axis_rows(), 8).empty());
    EXPECT_THROW(rows_reaching(tree, axis_rows(), 9), Error);
}

// A row's path runs from the root to the node where it stops, never into a pruned child.
TEST(NodeRows, PathOfOneRow) {
    const TreeModel tree = test::axis_tree();
    EXPECT_EQ(nodes_on_path(tree, axis_rows().row(2)), (std::vector<int>{0, 1, 4}));
    EXPECT_EQ(nodes_on_path(tree, axis_rows().row(4)), (std::vector<int>{0, 2}));
}

}  // namespace
}  // namespace treelab
