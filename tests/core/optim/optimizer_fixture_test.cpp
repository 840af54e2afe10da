#include <algorithm>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "core/optim/gradient_clipping.h"
#include "tests/core/optim/optim_fixture.h"

namespace treelab {
namespace {

constexpr double kTolerance = 1e-12;  // relative, per parameter and step

// Replays every case of one fixture file: the recorded gradients (clipped when the case clips) go
// through make_optimizer's optimizer, whose parameters must follow the reference trajectory.
void expect_fixture_trajectories(const std::string& file) {
    const nlohmann::json fixture = test::read_optim_fixture(file);
    ASSERT_GE(fixture.at("cases").size(), 3u);
    double largest = 0.0;
    for (const nlohmann::json& c : fixture.at("cases")) {
        SCOPED_TRACE(file + " / " + c.at("name").get<std::string>());
        const std::unique_ptr<Optimizer> optimizer =
            make_optimizer(test::optimizer_settings(c.at("settings")), test::parameter_groups(c.at("groups")));
        Eigen::VectorXd parameters = test::to_vector(c.at("initial"));
        const double clip = c.at("clip");
        for (std::size_t t = 0; t < c.at("gradients").size(); ++t) {
            const Eigen::VectorXd gradient = test::to_vector(c.at("gradients")[t]);
            double coefficient = 1.0;
            if (clip > 0.0) {
                const double norm = gradient.norm();
                largest = std::max(largest, test::relative_error(norm, c.at("norms")[t]));
                test::expect_near_rel(norm, c.at("norms")[t], kTolerance);
                coefficient = clip_coefficient(clip, norm);
            }
            optimizer->step(parameters, gradient, coefficient);
            const Eigen::VectorXd expected = test::to_vector(c.at("parameters")[t]);
            ASSERT_EQ(parameters.size(), expected.size());
            for (Eigen::Index i = 0; i < parameters.size(); ++i) {
                largest = std::max(largest, test::relative_error(parameters(i), expected(i)));
                test::expect_near_rel(parameters(i), expected(i), kTolerance);
            }
        }
        EXPECT_EQ(optimizer->steps(), static_cast<long long>(c.at("gradients").size()));
    }
    std::cout << "[ optim    ] " << file << ": largest relative error " << largest << "\n";
}

// SGD (plain, momentum, dampening, Nesterov, groups with weight decay, clipped) follows torch.optim.SGD.
TEST(OptimizerFixtures, SgdMatchesTorch) { expect_fixture_trajectories("sgd.json"); }

// Adam (betas, epsilon, groups with coupled weight decay, clipped) follows torch.optim.Adam.
TEST(OptimizerFixtures, AdamMatchesTorch) { expect_fixture_trajectories("adam.json"); }

// AdamW (decoupled weight decay per group, clipped) follows torch.optim.AdamW.
TEST(OptimizerFixtures, AdamWMatchesTorch) { expect_fixture_trajectories("adamw.json"); }

// Adam and AdamW with TensorFlow's epsilon placement follow the legacy Keras/TF Adam formula (numpy).
TEST(OptimizerFixtures, TensorFlowAdamMatchesFormula) { expect_fixture_trajectories("adam_tensorflow.json"); }

// QHAdam (LatentTrees' betas, ν2 < 1, groups with weight decay, clipped, ν = 1) follows qhoptim's step (numpy).
TEST(OptimizerFixtures, QhAdamMatchesQhoptim) { expect_fixture_trajectories("qhadam.json"); }

// RMSprop (alpha, eps, momentum, centered, groups with weight decay, DGT's clipped setting) follows torch.optim.RMSprop.
TEST(OptimizerFixtures, RmsPropMatchesTorch) { expect_fixture_trajectories("rmsprop.json"); }

}  // namespace
}  // namespace treelab
