#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/optim/gradient_clipping.h"
#include "tests/core/optim/optim_fixture.h"

namespace treelab {
namespace {

// Norms and clipped gradients (gradient × coefficient) equal torch.nn.utils.clip_grad_norm_'s
// (large, small, zero, exactly max_norm, tiny max_norm).
TEST(GradientClipping, MatchesTorchClipGradNorm) {
    const nlohmann::json fixture = test::read_optim_fixture("clipping.json");
    ASSERT_EQ(fixture.at("cases").size(), 5u);
    for (const nlohmann::json& c : fixture.at("cases")) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        Eigen::VectorXd gradient = test::to_vector(c.at("gradient"));
        const Eigen::VectorXd expected = test::to_vector(c.at("clipped"));
        const double norm = gradient.norm();
        test::expect_near_rel(norm, c.at("norm"), 1e-15);
        gradient *= clip_coefficient(c.at("max_norm"), norm);
        for (Eigen::Index i = 0; i < gradient.size(); ++i) test::expect_near_rel(gradient(i), expected(i), 1e-15);
    }
}

// A gradient shorter than max_norm keeps a coefficient of exactly 1 (the optimizers then read it
// unchanged, bit for bit); a NaN norm gives NaN, as torch's clamp does.
TEST(GradientClipping, ShortGradientUnchanged) {
    EXPECT_EQ(clip_coefficient(1.0, Eigen::Vector3d(0.1, -0.2, 0.3).norm()), 1.0);
    EXPECT_EQ(clip_coefficient(0.5, 1.0 - 1e-6), 0.5);
    EXPECT_TRUE(std::isnan(clip_coefficient(1.0, std::numeric_limits<double>::quiet_NaN())));
}

// max_norm must be positive and finite.
TEST(GradientClipping, InvalidMaxNormThrows) {
    EXPECT_THROW(clip_coefficient(0.0, 5.0), ParamError);
    EXPECT_THROW(clip_coefficient(-1.0, 5.0), ParamError);
    EXPECT_THROW(clip_coefficient(std::numeric_limits<double>::infinity(), 5.0), ParamError);
}

// A float32 gradient's squared norm is summed in double: one large entry and a million small ones,
// whose squares (0.01 in all) a float32 sum would lose beside it (its spacing at 10⁸ is 8), on a
// length with a remainder; double's rounding at 10⁸ leaves them within 0.002.
TEST(GradientClipping, Float32SquaredNormSumsInDouble) {
    std::vector<float> gradient(1'000'003, 1e-4f);
    gradient[17] = 1e4f;
    const double small = static_cast<double>(1e-4f) * static_cast<double>(1e-4f);
    EXPECT_NEAR(squared_norm(gradient), 1e8 + 1'000'002 * small, 2e-3);
    EXPECT_EQ(squared_norm(std::vector<float>{3.0f, 4.0f}), 25.0);
}

}  // namespace
}  // namespace treelab
