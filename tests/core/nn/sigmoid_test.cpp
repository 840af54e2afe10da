#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/sigmoid.h"
#include "core/nn/vector_exp_sigmoid.h"
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

namespace treelab {
namespace {

// The AVX2 kernel (libmvec's exp) agrees with the scalar sigmoid to a few ulps, tail included,
// and keeps the saturated and special values; the batch sigmoid takes it for contiguous buffers.
TEST(VectorExpSigmoid, AgreesWithTheScalarSigmoid) {
    if (!nn::vector_exp_sigmoid_available()) GTEST_SKIP() << "this CPU or build has no AVX2 libmvec exp";
    std::vector<double> u;
    for (int k = -4000; k <= 4000; ++k) u.push_back(k * 0.01);
    for (double special : {-1e300, 1e300, -800.0, 800.0, 0.0, -0.0, std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity()})
        u.push_back(special);
    u.push_back(0.5);  // 8011 entries: not a multiple of four, so the scalar tail runs too
    std::vector<double> s(u.size());
    const double alpha = 7.5;
    nn::vector_exp_sigmoid(u.data(), s.data(), u.size(), alpha);
    for (std::size_t i = 0; i < u.size(); ++i) {
        const double expected = nn::sigmoid(alpha * u[i]);
        ASSERT_NEAR(s[i], expected, 2e-15 * expected) << "u = " << u[i];  // relative: libmvec's exp is within 4 ulp
        if (expected == 0.0 || expected == 1.0) {
            ASSERT_EQ(s[i], expected) << "u = " << u[i];
        }
    }
    std::vector<double> nan_out(4);
    const double nans[4] = {std::nan(""), 1.0, 2.0, 3.0};
    nn::vector_exp_sigmoid(nans, nan_out.data(), 4, 1.0);
    EXPECT_TRUE(std::isnan(nan_out[0]));
    const Eigen::Map<const Eigen::MatrixXd> batch(u.data(), 1, static_cast<Eigen::Index>(u.size()));
    EXPECT_EQ(nn::scaled_sigmoid(batch, alpha), Eigen::Map<const Eigen::MatrixXd>(s.data(), 1, static_cast<Eigen::Index>(s.size())));
}

}  // namespace
}  // namespace treelab
