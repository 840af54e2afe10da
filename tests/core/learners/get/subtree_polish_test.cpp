#include <gtest/gtest.h>

#include "core/learners/get/subtree_polish.h"
#include "tests/core/learners/get/get_test_util.h"

namespace treelab::get {
namespace {

// Heap depths: the root at 0, nodes 1–2 at 1, 3–6 at 2.
TEST(SubtreePolish, NodeDepthsFollowTheHeapOrder) {
    EXPECT_EQ(node_depth(0), 0);
    EXPECT_EQ(node_depth(2), 1);
    EXPECT_EQ(node_depth(3), 2);
    EXPECT_EQ(node_depth(6), 2);
    EXPECT_EQ(node_depth(7), 3);
}

// The subtree under node 2 of a depth-3 tree is nodes 2, 5, 6 and leaves 4–7; splicing it back
// changes nothing, and splicing another one changes exactly those nodes and leaves.
TEST(SubtreePolish, SubtreeExtractionAndSplicingAreInverse) {
    const Spec spec = test::spec(3, 2);
    const Eigen::VectorXd tree = test::random_tree(spec, 3);
    const Eigen::VectorXd sub = subtree_parameters(spec, tree, 2);
    const Spec sub_spec = test::spec(2, 2);
    ASSERT_EQ(sub.size(), sub_spec.parameters());
    EXPECT_EQ(view(sub_spec, sub).b, (Eigen::Vector3d(view(spec, tree).b(2), view(spec, tree).b(5), view(spec, tree).b(6))));
    EXPECT_EQ(view(sub_spec, sub).leaf, view(spec, tree).leaf.middleRows(4, 4));
    Eigen::VectorXd same = tree;
    splice_subtree(spec, same, 2, sub);
    EXPECT_EQ(same, tree);

    Eigen::VectorXd other = tree;
    splice_subtree(spec, other, 2, test::random_tree(sub_spec, 4));
    for (Eigen::Index t : {0, 1, 3, 4}) EXPECT_EQ(view(spec, other).A.row(t), view(spec, tree).A.row(t)) << "node " << t;
    EXPECT_EQ(view(spec, other).leaf.topRows(4), view(spec, tree).leaf.topRows(4));
    EXPECT_NE(view(spec, other).b(6), view(spec, tree).b(6));
}

// A subtree fit that makes things worse is never kept: the tree comes back unchanged.
TEST(SubtreePolish, AWorseSubtreeIsRejected) {
    const Spec spec = test::spec(2, 2);
    const Eigen::MatrixXd X = test::unit_rows(60, 2, 1);
    Eigen::MatrixXd y(60, 1);
    for (Eigen::Index i = 0; i < 60; ++i) y(i, 0) = X(i, 0) <= 0.5 ? 0.0 : 1.0;
    Eigen::VectorXd tree = Eigen::VectorXd::Zero(spec.parameters());
    MutableParameterView v = mutable_view(spec, tree);
    v.A(0, 0) = 1.0;
    v.b(0) = 0.5;  // the root already separates the two target values
    int fits = 0;
    const Eigen::VectorXd polished = polish_subtrees(spec, tree, X, y, [&](const Spec& sub, const std::vector<Eigen::Index>&, const Eigen::VectorXd&) {
        ++fits;
        Eigen::VectorXd bad = Eigen::VectorXd::Zero(sub.parameters());
        if (sub.depth == 2) mutable_view(sub, bad).b(0) = -1.0;  // every row right: one leaf for both values
        return bad;
    });
    EXPECT_EQ(fits, 1) << "only the root: each child's rows have a single target value";
    EXPECT_EQ(polished, tree);
}

}  // namespace
}  // namespace treelab::get
