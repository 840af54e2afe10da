#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/dgt/and_layer.h"
#include "tests/core/learners/dgt/dgt_test_util.h"

namespace treelab {
namespace {

// 003 §3.1, eq. 4 (microsoft/DGT src/models/xdgt.py, _get_and_layer_params): the AND matrix for h = 2 (rows = leaves, columns = nodes).
TEST(DgtAndLayer, MatrixForHeightTwo) {
    Eigen::MatrixXd expected(4, 3);
    expected << 1, 1, 0,  //
        1, -1, 0,         //
        -1, 0, 1,         //
        -1, 0, -1;
    EXPECT_EQ(Eigen::MatrixXd(dgt::and_matrix(2)), expected);
}

// Each leaf has one ±1 per level (its path), and node t at depth k covers 2^(h−k) leaves, half +1.
TEST(DgtAndLayer, MatrixHoldsEveryPath) {
    const int height = 4;
    const Eigen::MatrixXd W(dgt::and_matrix(height));
    ASSERT_EQ(W.rows(), 16);
    ASSERT_EQ(W.cols(), 15);
    for (Eigen::Index l = 0; l < W.rows(); ++l) EXPECT_EQ((W.row(l).array() != 0.0).count(), height);
    for (Eigen::Index t = 0, depth = 0; t < W.cols(); ++t) {
        if (t + 1 == (Eigen::Index{1} << (depth + 1))) ++depth;
        EXPECT_EQ((W.col(t).array() != 0.0).count(), Eigen::Index{1} << (height - depth)) << "node " << t;
        EXPECT_EQ(W.col(t).sum(), 0.0) << "as many leaves left as right of node " << t;
    }
}

// The reached leaf is the argmax of and_z = a Wᵀ with a = ±fac: h·fac there, less elsewhere.
TEST(DgtAndLayer, ReachedLeafIsTheArgmaxOfTheAndLayer) {
    const int height = 3;
    const Eigen::MatrixXd Z = test::random_matrix(200, 7, 5);
    const Eigen::MatrixXd a = (Z.array() >= 0.0).select(Eigen::MatrixXd::Constant(200, 7, 0.4), -0.4);
    const Eigen::MatrixXd and_z = a * Eigen::MatrixXd(dgt::and_matrix(height)).transpose();
    const Eigen::VectorXi leaves = dgt::reached_leaves(Z, height);
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
        Eigen::Index best = 0;
        and_z.row(i).maxCoeff(&best);
        EXPECT_EQ(leaves(i), best);
        EXPECT_NEAR(and_z(i, best), height * 0.4, 1e-15);
    }
}

// Zero outputs (fac = 0) go left everywhere: leaf 0, the first index of a uniform softmax.
TEST(DgtAndLayer, ZeroOutputsReachTheFirstLeaf) {
    Eigen::MatrixXd Z = Eigen::MatrixXd::Zero(2, 7);
    Z(1, 0) = -0.0;
    EXPECT_EQ(dgt::reached_leaves(Z, 3), Eigen::VectorXi::Zero(2));
    EXPECT_THROW(dgt::reached_leaves(Eigen::MatrixXd::Zero(2, 6), 3), Error);
    EXPECT_THROW(dgt::and_matrix(0), Error);
}

}  // namespace
}  // namespace treelab
