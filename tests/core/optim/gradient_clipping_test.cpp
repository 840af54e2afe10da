#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/optim/gradient_clipping.h"
#include "tests/core/optim/optim_fixture.h"

namespace treelab {
namespace {

// Norms and clipped gradients equal torch.nn.utils.clip_grad_norm_'s (large, small, zero, exactly max_norm, tiny max_norm).
TEST(GradientClipping, MatchesTorchClipGradNorm) {
    const nlohmann::json fixture = test::read_optim_fixture("clipping.json");
    ASSERT_EQ(fixture.at("cases").size(), 5u);
    for (const nlohmann::json& c : fixture.at("cases")) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        Eigen::VectorXd gradient = test::to_vector(c.at("gradient"));
        const Eigen::VectorXd expected = test::to_vector(c.at("clipped"));
        test::expect_near_rel(clip_gradient_norm(gradient, c.at("max_norm")), c.at("norm"), 1e-15);
        for (Eigen::Index i = 0; i < gradient.size(); ++i) test::expect_near_rel(gradient(i), expected(i), 1e-15);
    }
}

// A gradient shorter than max_norm is returned unchanged, bit for bit.
TEST(GradientClipping, ShortGradientUnchanged) {
    Eigen::VectorXd gradient = Eigen::Vector3d(0.1, -0.2, 0.3);
    const Eigen::VectorXd before = gradient;
    clip_gradient_norm(gradient, 1.0);
    EXPECT_EQ(gradient, before);
}

// max_norm must be positive and finite.
TEST(GradientClipping, InvalidMaxNormThrows) {
    Eigen::VectorXd gradient = Eigen::Vector2d(3.0, 4.0);
    EXPECT_THROW(clip_gradient_norm(gradient, 0.0), ParamError);
    EXPECT_THROW(clip_gradient_norm(gradient, -1.0), ParamError);
    EXPECT_THROW(clip_gradient_norm(gradient, std::numeric_limits<double>::infinity()), ParamError);
}

}  // namespace
}  // namespace treelab
