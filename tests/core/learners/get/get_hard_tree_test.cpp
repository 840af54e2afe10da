#include <cmath>

#include <gtest/gtest.h>

#include "core/learners/get/get_hard_tree.h"
#include "core/learners/get/get_objective.h"
#include "tests/core/learners/get/get_test_util.h"

namespace treelab::get {
namespace {

// A plain walk of one row: left iff a_t·x <= b_t (004 §2), heap children 2t+1 and 2t+2.
int walk(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::RowVectorXd& x) {
    const ParameterView v = view(spec, parameters);
    Eigen::Index node = 0;
    while (node < spec.internal()) node = 2 * node + (v.A.row(node).dot(x) <= v.b(node) ? 1 : 2);
    return static_cast<int>(node - spec.internal());
}

// The batch hard routing along each row's path sends every row where a plain tree walk does.
TEST(GetHardTree, HardRoutingEqualsAPlainTreeWalk) {
    for (int depth : {1, 3, 6}) {
        const Spec spec = test::spec(depth, 4);
        const Eigen::VectorXd parameters = test::random_tree(spec, 11u + static_cast<unsigned>(depth));
        const Eigen::MatrixXd X = test::unit_rows(300, 4, 3);
        const Eigen::VectorXi leaves = hard_leaves(spec, parameters, X);
        for (Eigen::Index i = 0; i < X.rows(); ++i) ASSERT_EQ(leaves(i), walk(spec, parameters, X.row(i))) << "row " << i;
    }
}

// The soft objective's pass routes the training rows to the same hard leaves as the path walk,
// chunk by chunk, CART-like splits with rows exactly on a threshold and a = 0, b = 0 chains included.
TEST(GetHardTree, TheObjectivesRoutingEqualsTheHardRouting) {
    const Spec spec = test::spec(4, 3);
    Eigen::VectorXd parameters = test::random_tree(spec, 5);
    MutableParameterView v = mutable_view(spec, parameters);
    Eigen::MatrixXd X = test::unit_rows(257, 3, 8);
    v.A.row(0) << 0.0, 1.0, 0.0;  // an axis split with rows on its threshold
    v.b(0) = X(0, 1);
    X(5, 1) = X(0, 1);
    v.A.row(1).setZero();  // the warm start's always-left chain
    v.b(1) = 0.0;
    const Eigen::MatrixXd y = test::unit_rows(257, 1, 9);
    for (Eigen::Index chunk : {Eigen::Index{0}, Eigen::Index{16}, Eigen::Index{100}}) {
        SoftObjective soft(spec, X.rows(), chunk);
        Eigen::VectorXi leaves;
        soft(7.0, parameters, X, y, nullptr, &leaves);
        EXPECT_EQ(leaves, hard_leaves(spec, parameters, X)) << "chunk " << chunk;
    }
}

// A row exactly on a split (a·x == b) goes left, as a·x <= b says.
TEST(GetHardTree, ARowOnTheSplitGoesLeft) {
    const Spec spec = test::spec(1, 1);
    Eigen::VectorXd parameters(spec.parameters());
    parameters << 2.0, 1.0, 0.0, 0.0;  // a = 2, b = 1, two leaves
    Eigen::MatrixXd X(3, 1);
    X << 0.5, 0.25, 0.75;
    EXPECT_EQ(hard_leaves(spec, parameters, X), (Eigen::VectorXi(3) << 0, 0, 1).finished());
}

// Refitted leaves are the per-leaf means of the target; an empty leaf takes (min y + max y)/2, the code's rule.
TEST(GetHardTree, RefittedLeavesAreLeafMeansAndEmptyLeavesTheMidrange) {
    const Spec spec = test::spec(2, 1);
    const Eigen::VectorXi leaves = (Eigen::VectorXi(5) << 0, 0, 2, 2, 2).finished();
    const Eigen::MatrixXd y = (Eigen::MatrixXd(5, 1) << 0.2, 0.4, 0.9, 0.1, 0.5).finished();
    const Eigen::MatrixXd values = refit_leaves(spec, leaves, y);
    EXPECT_DOUBLE_EQ(values(0, 0), 0.3);
    EXPECT_DOUBLE_EQ(values(1, 0), 0.5) << "(0.1 + 0.9) / 2";
    EXPECT_DOUBLE_EQ(values(2, 0), 0.5);
    EXPECT_DOUBLE_EQ(values(3, 0), 0.5);
    EXPECT_NEAR(hard_objective(spec, leaves, values, y), (0.01 + 0.01 + 0.16 + 0.16 + 0.0) / 5.0, 1e-15);
}

// Classes: leaf class frequencies, an empty leaf the training frequencies, the objective the mean log-loss.
TEST(GetHardTree, ClassLeavesAreFrequencies) {
    const Spec spec = test::spec(1, 1, 2);
    const Eigen::VectorXi leaves = (Eigen::VectorXi(4) << 0, 0, 0, 0).finished();
    const Eigen::MatrixXd onehot = (Eigen::MatrixXd(4, 2) << 1, 0, 1, 0, 1, 0, 0, 1).finished();
    const Eigen::MatrixXd values = refit_leaves(spec, leaves, onehot);
    EXPECT_EQ(values.row(0), (Eigen::RowVector2d(0.75, 0.25)));
    EXPECT_EQ(values.row(1), (Eigen::RowVector2d(0.75, 0.25)));
    EXPECT_NEAR(hard_objective(spec, leaves, values, onehot), -(3 * std::log(0.75) + std::log(0.25)) / 4, 1e-15);
    EXPECT_TRUE(leaf_parameters(spec, (Eigen::MatrixXd(1, 2) << 1.0, 0.0).finished()).allFinite());
}

}  // namespace
}  // namespace treelab::get
