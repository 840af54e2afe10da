#include <gtest/gtest.h>

#include "core/nn/entmax.h"
#include "core/nn/sigmoid.h"
#include "core/nn/straight_through.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

// hardmax is the one-hot of the row argmax (lowest index on ties), and equals hardmax(entmax(v))
// because entmax is monotone (001 §3.3); its backward passes g through unchanged.
TEST(NnStraightThrough, HardmaxIsOneHotAndPassesTheGradient) {
    Eigen::MatrixXd v(3, 4);
    v << 0.1, 2, -1, 2,  //
        3, 1, 0, -1,     //
        -5, -4, -4.5, -6;
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(3, 4);
    expected(0, 1) = expected(1, 0) = expected(2, 1) = 1.0;
    EXPECT_EQ(nn::hardmax(v), expected);
    EXPECT_EQ(nn::hardmax(nn::entmax15(v)), expected);
    const Eigen::MatrixXd g = test::random_matrix(3, 4, 5);
    EXPECT_EQ(nn::hardmax_backward(g), g);
}

// h = round(σ(u)) with tf.round's half-to-even: u = 0 (x = t) gives 0, i.e. right; u > 0 gives 1,
// also where σ(u) rounds to 0.5 (u = 1e-300), so that h = 1 iff x < t exactly.
TEST(NnStraightThrough, RoundedSplitForward) {
    const nn::RoundedSplit split = nn::rounded_split(Eigen::RowVector4d(-0.3, 0.0, 1e-3, 7.0));
    EXPECT_EQ(split.hard, Eigen::RowVector4d(0, 0, 1, 1));
    EXPECT_EQ(nn::rounded_split(Eigen::RowVector2d(1e-300, -1e-300)).hard, Eigen::RowVector2d(1, 0));
    EXPECT_DOUBLE_EQ(split.soft(1), 0.5);
    EXPECT_DOUBLE_EQ(split.soft(3), nn::sigmoid(7.0));
}

// The backward is g·s(1 − s) (001 §3.3), i.e. the gradient of the soft σ(u) the
// rounding stands in for: checked against central differences of ⟨g, σ(u)⟩.
TEST(NnStraightThrough, RoundedSplitBackwardIsTheSigmoidGradient) {
    const Eigen::MatrixXd u = test::random_matrix(7, 3, 21, 3.0);
    const Eigen::MatrixXd g = test::random_matrix(7, 3, 22);
    const nn::RoundedSplit split = nn::rounded_split(u);
    const Eigen::MatrixXd d_u = nn::rounded_split_backward(split.soft, g);
    EXPECT_DOUBLE_EQ(d_u(4, 2), g(4, 2) * split.soft(4, 2) * (1.0 - split.soft(4, 2)));
    const auto f = [&](const Eigen::MatrixXd& x) { return g.cwiseProduct(nn::sigmoid(x)).sum(); };
    test::check_matrix_gradient(f, u, d_u, 1e-7, 1e-7);
}

}  // namespace
}  // namespace treelab
