#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/l1_penalty.h"

namespace treelab {
namespace {

// λ·Σ|θ| and λ·sign(θ) added to the gradient, 0 at θ = 0 (torch's subgradient).
TEST(NnL1Penalty, ValueAndSubgradient) {
    const std::vector<double> theta{0.5, -2.0, 0.0, 3.0};
    std::vector<double> gradient{1.0, 1.0, 1.0, 1.0};
    EXPECT_DOUBLE_EQ(nn::l1_penalty(theta, 0.1, gradient), 0.1 * 5.5);
    EXPECT_EQ(gradient, (std::vector<double>{1.1, 0.9, 1.0, 1.1}));
    EXPECT_DOUBLE_EQ(nn::l1_penalty(theta, 2.0), 11.0);
}

// On a vector long enough for every vector width and a remainder, with zeros: Into::Overwrite
// writes λ·sign(θ), Into::Add adds it, and the value is the same with or without a gradient and
// equals the plain sum up to rounding.
TEST(NnL1Penalty, OverwriteAndAddOnALongVector) {
    constexpr std::size_t n = 1003;
    std::vector<double> theta(n), before(n);
    for (std::size_t i = 0; i < n; ++i) {
        theta[i] = i % 7 == 0 ? 0.0 : std::sin(0.37 * static_cast<double>(i));
        before[i] = std::cos(0.11 * static_cast<double>(i));
    }
    double plain = 0.0;
    for (const double t : theta) plain += std::fabs(t);
    std::vector<double> written = before, added = before;
    const double value = nn::l1_penalty(theta, 0.25, written, nn::Into::Overwrite);
    EXPECT_EQ(nn::l1_penalty(theta, 0.25, added, nn::Into::Add), value);
    EXPECT_EQ(nn::l1_penalty(theta, 0.25), value);
    EXPECT_NEAR(value, 0.25 * plain, 1e-12 * plain);
    for (std::size_t i = 0; i < n; ++i) {
        const double sign = theta[i] > 0.0 ? 0.25 : theta[i] < 0.0 ? -0.25 : 0.0;
        ASSERT_EQ(written[i], sign) << i;
        ASSERT_EQ(added[i], before[i] + sign) << i;
    }
}

// float32 parameters: the same signs in float32, written or added, and the value summed in double
// (blocks of float32 partial sums), equal to the double sum up to float32's rounding, on a vector of
// several blocks with a remainder.
TEST(NnL1Penalty, Float32SignsAndValue) {
    constexpr std::size_t n = 10'007;
    std::vector<float> theta(n), before(n);
    for (std::size_t i = 0; i < n; ++i) {
        theta[i] = i % 7 == 0 ? 0.0f : static_cast<float>(std::sin(0.37 * static_cast<double>(i)));
        before[i] = static_cast<float>(std::cos(0.11 * static_cast<double>(i)));
    }
    double plain = 0.0;
    for (const float t : theta) plain += std::fabs(static_cast<double>(t));
    std::vector<float> written = before, added = before;
    const double value = nn::l1_penalty(theta, 0.25, written, nn::Into::Overwrite);
    EXPECT_EQ(nn::l1_penalty(theta, 0.25, added, nn::Into::Add), value);
    EXPECT_EQ(nn::l1_penalty(theta, 0.25, {}, nn::Into::Add), value);
    EXPECT_NEAR(value, 0.25 * plain, 1e-6 * plain);
    for (std::size_t i = 0; i < n; ++i) {
        const float sign = theta[i] > 0.0f ? 0.25f : theta[i] < 0.0f ? -0.25f : 0.0f;
        ASSERT_EQ(written[i], sign) << i;
        ASSERT_EQ(added[i], before[i] + sign) << i;
    }
}

// A negative weight or a gradient of another size is refused.
TEST(NnL1Penalty, RefusesBadInput) {
    const std::vector<double> theta{1.0, 2.0};
    std::vector<double> short_gradient{0.0};
    EXPECT_THROW(nn::l1_penalty(theta, -1.0), Error);
    EXPECT_THROW(nn::l1_penalty(theta, 1.0, short_gradient), Error);
}

}  // namespace
}  // namespace treelab
