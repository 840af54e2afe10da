#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/sigmoid.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

// σ and log σ stay finite and exact in the tails where the naive formulas overflow or log 0.
TEST(NnSigmoid, StableInTheTails) {
    EXPECT_DOUBLE_EQ(nn::sigmoid(0.0), 0.5);
    EXPECT_DOUBLE_EQ(nn::sigmoid(800.0), 1.0);
    EXPECT_DOUBLE_EQ(nn::sigmoid(-800.0), 0.0);
    EXPECT_DOUBLE_EQ(nn::log_sigmoid(-800.0), -800.0);
    EXPECT_DOUBLE_EQ(nn::log_sigmoid(800.0), 0.0);
    EXPECT_NEAR(nn::log_sigmoid(-40.0), -40.0 - std::exp(-40.0), 1e-15);
    EXPECT_NEAR(nn::sigmoid(2.0), 1.0 / (1.0 + std::exp(-2.0)), 1e-16);
    EXPECT_NEAR(nn::log_sigmoid(1.5), std::log(nn::sigmoid(1.5)), 1e-15);
}

// σ(α u) and its backward α σ (1 − σ) g equal central differences of ⟨g, σ(α u)⟩ (GET's scaledSigmoid).
TEST(NnSigmoid, ScaledSigmoidBackwardMatchesFiniteDifferences) {
    const Eigen::MatrixXd u = test::random_matrix(6, 3, 7, 0.3);
    const Eigen::MatrixXd g = test::random_matrix(6, 3, 8);
    for (const double alpha : {1.0, 5.0, 25.0}) {
        const Eigen::MatrixXd s = nn::scaled_sigmoid(u, alpha);
        EXPECT_DOUBLE_EQ(s(2, 1), nn::sigmoid(alpha * u(2, 1)));
        const auto f = [&](const Eigen::MatrixXd& x) { return g.cwiseProduct(nn::scaled_sigmoid(x, alpha)).sum(); };
        test::check_matrix_gradient(f, u, nn::scaled_sigmoid_backward(s, g, alpha), 1e-7, 1e-6);
    }
    EXPECT_THROW(nn::scaled_sigmoid_backward(Eigen::MatrixXd(2, 2), Eigen::MatrixXd(2, 3), 1.0), Error);
}

}  // namespace
}  // namespace treelab
