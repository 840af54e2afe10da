#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/gradtree/path_table.h"

namespace treelab {
namespace {

// 001 eq. 4–5 worked by hand for d = 2: leaf 0 → (0,L),(1,L); 1 → (0,L),(1,R); 2 → (0,R),(2,L); 3 → (0,R),(2,R).
TEST(GradTreePathTable, DepthTwoOracle) {
    const gradtree::PathTable t = gradtree::path_table(2);
    Eigen::MatrixXi node(4, 2), branch(4, 2);
    node << 0, 1, 0, 1, 0, 2, 0, 2;
    branch << 0, 0, 0, 1, 1, 0, 1, 1;
    EXPECT_EQ(t.node, node);
    EXPECT_EQ(t.branch, branch);
}

// Every leaf's node sequence is the heap walk that follows its branch bits and ends at the leaf
// (node 2^d − 1 + l), at depth 5.
TEST(GradTreePathTable, FollowsTheHeapWalk) {
    const int depth = 5;
    const gradtree::PathTable t = gradtree::path_table(depth);
    ASSERT_EQ(t.node.rows(), 1 << depth);
    for (int l = 0; l < (1 << depth); ++l) {
        int node = 0;
        for (int j = 0; j < depth; ++j) {
            EXPECT_EQ(t.node(l, j), node) << "leaf " << l << " depth " << j + 1;
            node = t.branch(l, j) == 0 ? 2 * node + 1 : 2 * node + 2;
        }
        EXPECT_EQ(node, (1 << depth) - 1 + l);
    }
}

// A depth below 1 has no internal node to tabulate.
TEST(GradTreePathTable, RejectsDepthZero) { EXPECT_THROW(gradtree::path_table(0), Error); }

}  // namespace
}  // namespace treelab
