#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "core/learners/get/get_hard_tree.h"
#include "core/learners/get/get_objective.h"
#include "core/learners/get/linear_leaf_fit.h"
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
        SoftObjective soft(spec, X.rows(), 0.0, chunk);
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
    const Eigen::MatrixXd X = test::unit_rows(5, 1, 3);
    const LeafFit fit = refit_leaves(spec, leaves, X, y);
    const Eigen::MatrixXd& values = fit.values;
    EXPECT_DOUBLE_EQ(values(0, 0), 0.3);
    EXPECT_DOUBLE_EQ(values(1, 0), 0.5) << "(0.1 + 0.9) / 2";
    EXPECT_DOUBLE_EQ(values(2, 0), 0.5);
    EXPECT_DOUBLE_EQ(values(3, 0), 0.5);
    EXPECT_NEAR(hard_objective(spec, leaves, fit, X, y), (0.01 + 0.01 + 0.16 + 0.16 + 0.0) / 5.0, 1e-15);
}

// Classes: leaf class frequencies, an empty leaf the training frequencies, the objective the mean log-loss.
TEST(GetHardTree, ClassLeavesAreFrequencies) {
    const Spec spec = test::spec(1, 1, 2);
    const Eigen::VectorXi leaves = (Eigen::VectorXi(4) << 0, 0, 0, 0).finished();
    const Eigen::MatrixXd onehot = (Eigen::MatrixXd(4, 2) << 1, 0, 1, 0, 1, 0, 0, 1).finished();
    const Eigen::MatrixXd X = test::unit_rows(4, 1, 3);
    const LeafFit fit = refit_leaves(spec, leaves, X, onehot);
    const Eigen::MatrixXd& values = fit.values;
    EXPECT_EQ(values.row(0), (Eigen::RowVector2d(0.75, 0.25)));
    EXPECT_EQ(values.row(1), (Eigen::RowVector2d(0.75, 0.25)));
    EXPECT_NEAR(hard_objective(spec, leaves, fit, X, onehot), -(3 * std::log(0.75) + std::log(0.25)) / 4, 1e-15);
    EXPECT_TRUE(leaf_parameters(spec, (Eigen::MatrixXd(1, 2) << 1.0, 0.0).finished()).allFinite());
}

// Linear leaves (004 App. C): each leaf's k and h are the least-squares fit on the rows it
// receives, an empty leaf the midrange with k = 0, and the hard objective the mean squared error of
// k·x + h.
TEST(GetHardTree, LinearLeavesAreEachLeafsLeastSquaresFit) {
    const Spec spec = test::linear_spec(2, 2);
    const Eigen::MatrixXd X = test::unit_rows(30, 2, 5);
    Eigen::MatrixXd y(30, 1);
    Eigen::VectorXi leaves(30);
    for (Eigen::Index i = 0; i < 30; ++i) {
        leaves(i) = static_cast<int>(i % 3);  // leaf 3 stays empty
        y(i, 0) = 0.2 + 0.5 * X(i, 0) * X(i, 1) + 0.1 * static_cast<double>(i % 3);
    }
    const LeafFit fit = refit_leaves(spec, leaves, X, y);
    ASSERT_EQ(fit.slopes.rows(), 4);
    ASSERT_EQ(fit.slopes.cols(), 2);
    double squared = 0.0;
    for (int l = 0; l < 3; ++l) {
        std::vector<Eigen::Index> rows;
        for (Eigen::Index i = 0; i < 30; ++i)
            if (leaves(i) == l) rows.push_back(i);
        const LinearFit expected = fit_linear_leaf(X(rows, Eigen::all), y(rows, 0));
        EXPECT_NEAR(fit.values(l, 0), expected.intercept, 1e-15) << "leaf " << l;
        EXPECT_LT((fit.slopes.row(l).transpose() - expected.slopes).cwiseAbs().maxCoeff(), 1e-15) << "leaf " << l;
        for (const Eigen::Index i : rows) squared += std::pow(y(i, 0) - expected.intercept - X.row(i).dot(expected.slopes), 2);
    }
    EXPECT_DOUBLE_EQ(fit.values(3, 0), (y.minCoeff() + y.maxCoeff()) / 2.0);
    EXPECT_EQ(fit.slopes.row(3), Eigen::RowVector2d::Zero());
    EXPECT_NEAR(hard_objective(spec, leaves, fit, X, y), squared / 30.0, 1e-15);
}

// On the same splits, linear leaves (which include every constant, k = 0) never fit the training
// rows worse than constant leaves, and on a target that varies inside the leaves they fit better.
TEST(GetHardTree, LinearRefitIsNeverWorseThanConstantOnTheSameSplits) {
    const Eigen::MatrixXd X = test::unit_rows(200, 3, 9);
    const Eigen::MatrixXd y = (X.col(0).array() * 2.0 + (3.0 * X.col(1).array()).sin()).matrix();
    for (int depth : {1, 2, 4}) {
        const Spec constant = test::spec(depth, 3), linear = test::linear_spec(depth, 3);
        for (unsigned seed = 0; seed < 5; ++seed) {
            const Eigen::VectorXd splits = test::random_tree(constant, seed);
            Eigen::VectorXd with_slopes = Eigen::VectorXd::Zero(linear.parameters());
            with_slopes.head(splits.size()) = splits;  // A, b and C come first in both layouts
            const Eigen::VectorXi leaves = hard_leaves(constant, splits, X);
            ASSERT_EQ(hard_leaves(linear, with_slopes, X), leaves);
            const double constant_mse = hard_objective(constant, leaves, refit_leaves(constant, leaves, X, y), X, y);
            const double linear_mse = hard_objective(linear, leaves, refit_leaves(linear, leaves, X, y), X, y);
            EXPECT_LT(linear_mse, constant_mse) << "depth " << depth << ", seed " << seed;
        }
    }
}

// The remembering refit gives refit_leaves' answer for every partition, a changed one included.
TEST(GetHardTree, RememberingRefitFollowsThePartition) {
    const Spec spec = test::linear_spec(1, 2);
    const Eigen::MatrixXd X = test::unit_rows(20, 2, 1), y = test::unit_rows(20, 1, 2);
    Eigen::VectorXi leaves(20);
    for (Eigen::Index i = 0; i < 20; ++i) leaves(i) = static_cast<int>(i % 2);
    LeafRefit refit;
    for (int change = 0; change < 3; ++change) {
        if (change == 2) leaves(3) = 0;  // one row moves
        const LeafFit expected = refit_leaves(spec, leaves, X, y);
        const LeafFit& got = refit(spec, leaves, X, y);
        EXPECT_EQ(got.values, expected.values) << "call " << change;
        EXPECT_EQ(got.slopes, expected.slopes) << "call " << change;
    }
}

}  // namespace
}  // namespace treelab::get
