#include <array>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/optim/optimizer.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using Trajectory = std::vector<std::array<double, 3>>;

// Three steps on f(θ) = Σ a_i (θ_i − c_i)², whose gradient changes with θ, from θ0 = (0.5, −1.5, 2).
Trajectory run_quadratic(const OptimizerSettings& settings) {
    const Eigen::Vector3d a(1.0, 3.0, 0.5), c(1.0, -1.0, 0.0);
    Eigen::VectorXd theta = Eigen::Vector3d(0.5, -1.5, 2.0);
    Optimizer optimizer(settings, theta.size());
    Trajectory trajectory;
    for (int t = 0; t < 3; ++t) {
        const Eigen::VectorXd gradient = 2.0 * a.cwiseProduct(theta - c);
        optimizer.step(theta, gradient);
        trajectory.push_back({theta(0), theta(1), theta(2)});
    }
    return trajectory;
}

void expect_trajectory(const Trajectory& actual, const Trajectory& expected, double rel) {
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t t = 0; t < actual.size(); ++t)
        for (std::size_t i = 0; i < 3; ++i) test::expect_near_rel(actual[t][i], expected[t][i], rel);
}

OptimizerSettings settings_for(const std::string& kind, double beta1, double nu1, double nu2) {
    OptimizerSettings settings;
    settings.kind = kind;
    settings.learning_rate = 0.1;
    settings.beta1 = beta1;
    settings.beta2 = 0.999;
    settings.nu1 = nu1;
    settings.nu2 = nu2;
    return settings;
}

// Adam follows torch.optim.Adam's update (lr 0.1, betas (0.9, 0.999), eps 1e-8) step by step.
TEST(Optimizer, AdamMatchesTorchUpdate) {
    // torch.optim.Adam's step written out in double precision in Python: m, v, bias_correction1/2,
    // denom = sqrt(v)/sqrt(bias_correction2) + eps, θ.addcdiv_(m, denom, value=−lr/bias_correction1).
    const Trajectory expected{{0.59999999900000001, -1.4000000003333333, 1.9000000005},
                              {0.69881257834083321, -1.3011874202781843, 1.8001664866210927},
                              {0.79512874743970041, -1.2048712504408652, 1.7006233928121137}};
    expect_trajectory(run_quadratic(settings_for("adam", 0.9, 0.7, 0.7)), expected, 1e-14);
}

// QHAdam with ν = (0.7, 1.0), betas (0.995, 0.999) follows qhoptim's QHAdam.step.
TEST(Optimizer, QhAdamMatchesQhoptim) {
    // qhoptim/pyt/qhadam.py's step written out in double precision in Python; Ma & Yarats' Alg. 1
    // with explicit bias corrections m/(1 − β^t) gives the same values to 5e-16.
    const Trajectory expected{{0.59999999900000001, -1.4000000003333333, 1.9000000005},
                              {0.69606132616248551, -1.3039386724969204, 1.8008050613462276},
                              {0.78694918298834948, -1.2130508150216803, 1.7024741378805159}};
    expect_trajectory(run_quadratic(settings_for("qhadam", 0.995, 0.7, 1.0)), expected, 1e-14);
}

// The (1 − ν2) g² term of the denominator is used when ν2 < 1 (qhoptim, ν = (0.7, 0.9)).
TEST(Optimizer, QhAdamWithNu2BelowOne) {
    const Trajectory expected{{0.59999999900000001, -1.4000000003333333, 1.9000000005},
                              {0.69713291378914699, -1.3028670848468884, 1.8005500228769886},
                              {0.79006102402561396, -1.2099389739137281, 1.7017082672222101}};
    expect_trajectory(run_quadratic(settings_for("qhadam", 0.995, 0.7, 0.9)), expected, 1e-14);
}

// QHAdam with ν1 = ν2 = 1 is Adam exactly, whatever the nus of an "adam" setting say.
TEST(Optimizer, QhAdamWithUnitNusIsAdam) {
    const Trajectory qhadam = run_quadratic(settings_for("qhadam", 0.9, 1.0, 1.0));
    const Trajectory adam = run_quadratic(settings_for("adam", 0.9, 0.3, 0.2));
    EXPECT_EQ(qhadam, adam);
}

// The learning rate can be changed between steps (the plateau schedule does so).
TEST(Optimizer, LearningRateCanBeChanged) {
    Optimizer optimizer(settings_for("adam", 0.9, 1.0, 1.0), 1);
    optimizer.set_learning_rate(0.5);
    EXPECT_EQ(optimizer.learning_rate(), 0.5);
    Eigen::VectorXd theta = Eigen::VectorXd::Zero(1);
    optimizer.step(theta, Eigen::VectorXd::Constant(1, -4.0));
    test::expect_near_rel(theta(0), 0.5, 1e-7);  // the first Adam step has length lr
}

// Unknown kinds and out-of-range settings are refused with a ParamError.
TEST(Optimizer, InvalidSettingsThrow) {
    EXPECT_THROW(Optimizer(settings_for("sgd", 0.9, 1.0, 1.0), 2), ParamError);
    EXPECT_THROW(Optimizer(settings_for("adam", 1.0, 1.0, 1.0), 2), ParamError);
    EXPECT_THROW(Optimizer(settings_for("qhadam", 0.9, 1.5, 1.0), 2), ParamError);
    OptimizerSettings negative_rate;
    negative_rate.learning_rate = -1.0;
    EXPECT_THROW(Optimizer(negative_rate, 2), ParamError);
}

}  // namespace
}  // namespace treelab
