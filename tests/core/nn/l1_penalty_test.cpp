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

// A negative weight or a gradient of another size is refused.
TEST(NnL1Penalty, RefusesBadInput) {
    const std::vector<double> theta{1.0, 2.0};
    std::vector<double> short_gradient{0.0};
    EXPECT_THROW(nn::l1_penalty(theta, -1.0), Error);
    EXPECT_THROW(nn::l1_penalty(theta, 1.0, short_gradient), Error);
}

}  // namespace
}  // namespace treelab
