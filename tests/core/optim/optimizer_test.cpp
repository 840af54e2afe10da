#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/optim/optimizer.h"
#include "tests/core/optim/optim_fixture.h"

namespace treelab {
namespace {

ParameterGroup group(const std::string& name, Eigen::Index offset, Eigen::Index size, double rate = 0.1,
                     double weight_decay = 0.0) {
    return {name, offset, size, rate, weight_decay};
}

OptimizerSettings kind(const std::string& name) {
    OptimizerSettings settings;
    settings.kind = name;
    return settings;
}

// Every listed kind builds; an unknown kind is refused with a ParamError that lists the known ones.
TEST(Optimizer, KindsBuildAndUnknownKindThrows) {
    for (const std::string& name : optimizer_kinds())
        EXPECT_NO_THROW(make_optimizer(kind(name), single_group(3, 0.1))) << name;
    try {
        make_optimizer(kind("adagrad"), single_group(3, 0.1));
        FAIL() << "no exception";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("rmsprop"), std::string::npos) << error.what();
    }
}

// Overlapping groups are refused, naming both; touching groups listed out of order are fine.
TEST(Optimizer, OverlappingGroupsThrow) {
    try {
        make_optimizer(kind("sgd"), {group("weights", 4, 3), group("thresholds", 0, 5)});
        FAIL() << "no exception";
    } catch (const ParamError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("thresholds"), std::string::npos) << message;
        EXPECT_NE(message.find("weights"), std::string::npos) << message;
    }
    EXPECT_NO_THROW(make_optimizer(kind("sgd"), {group("b", 4, 3), group("a", 0, 4), group("empty", 2, 0)}));
}

// Negative offsets or sizes, negative or non-finite rates and weight decays, and no group at all are refused.
TEST(Optimizer, InvalidGroupsThrow) {
    EXPECT_THROW(make_optimizer(kind("adam"), {group("a", -1, 2)}), ParamError);
    EXPECT_THROW(make_optimizer(kind("adam"), {group("a", 0, -2)}), ParamError);
    EXPECT_THROW(make_optimizer(kind("adam"), {group("a", 0, 2, -0.1)}), ParamError);
    EXPECT_THROW(make_optimizer(kind("adam"), {group("a", 0, 2, std::nan(""))}), ParamError);
    EXPECT_THROW(make_optimizer(kind("adam"), {group("a", 0, 2, 0.1, -1.0)}), ParamError);
    EXPECT_THROW(make_optimizer(kind("adam"), {}), ParamError);
}

// Settings outside torch's (or qhoptim's) ranges are refused.
TEST(Optimizer, InvalidSettingsThrow) {
    OptimizerSettings settings = kind("adam");
    settings.beta1 = 1.0;
    EXPECT_THROW(make_optimizer(settings, single_group(2, 0.1)), ParamError);
    settings = kind("qhadam");
    settings.nu1 = 1.5;
    EXPECT_THROW(make_optimizer(settings, single_group(2, 0.1)), ParamError);
    settings = kind("sgd");
    settings.nesterov = true;  // torch: Nesterov needs momentum and no dampening
    EXPECT_THROW(make_optimizer(settings, single_group(2, 0.1)), ParamError);
    settings.momentum = 0.9;
    settings.dampening = 0.1;
    EXPECT_THROW(make_optimizer(settings, single_group(2, 0.1)), ParamError);
    settings = kind("rmsprop");
    settings.alpha = -0.5;
    EXPECT_THROW(make_optimizer(settings, single_group(2, 0.1)), ParamError);
    settings = kind("adamw");
    settings.epsilon = -1e-8;
    EXPECT_THROW(make_optimizer(settings, single_group(2, 0.1)), ParamError);
}

// A gradient of the wrong size or a group past the end throws before anything moves or counts.
TEST(Optimizer, StepChecksSizes) {
    const std::unique_ptr<Optimizer> optimizer = make_optimizer(kind("sgd"), {group("a", 0, 2), group("tail", 2, 3)});
    Eigen::VectorXd parameters = Eigen::VectorXd::Ones(4);
    EXPECT_THROW(optimizer->step(parameters, Eigen::VectorXd::Ones(3)), ParamError);
    EXPECT_THROW(optimizer->step(parameters, Eigen::VectorXd::Ones(4)), ParamError);  // "tail" ends at 5
    EXPECT_EQ(parameters, Eigen::VectorXd::Ones(4));
    EXPECT_EQ(optimizer->steps(), 0);
}

// Parameters in no group keep their exact values under every optimizer, with weight decay on the groups around them.
TEST(Optimizer, FrozenSpanNeverMoves) {
    for (const std::string& name : optimizer_kinds()) {
        const std::unique_ptr<Optimizer> optimizer =
            make_optimizer(kind(name), {group("tail", 5, 2, 0.3, 0.1), group("head", 0, 2, 0.2, 0.5)});
        Eigen::VectorXd parameters = Eigen::VectorXd::LinSpaced(7, -1.0, 2.0);
        const Eigen::VectorXd frozen = parameters.segment(2, 3);
        for (int t = 0; t < 10; ++t)
            optimizer->step(parameters, parameters.array().sin().matrix() + Eigen::VectorXd::Constant(7, 10.0));
        EXPECT_EQ(parameters.segment(2, 3), frozen) << name;
        EXPECT_NE(parameters(0), -1.0) << name;
        EXPECT_EQ(optimizer->steps(), 10) << name;
    }
}

// Rates can be read and changed per group; a negative rate or a missing group is refused.
TEST(Optimizer, LearningRatePerGroup) {
    const std::unique_ptr<Optimizer> optimizer = make_optimizer(kind("sgd"), {group("a", 0, 1, 0.1), group("b", 1, 1, 0.2)});
    optimizer->set_learning_rate(1, 0.5);
    EXPECT_EQ(optimizer->learning_rate(0), 0.1);
    EXPECT_EQ(optimizer->learning_rate(1), 0.5);
    EXPECT_EQ(optimizer->groups()[1].learning_rate, 0.5);
    Eigen::VectorXd parameters = Eigen::VectorXd::Zero(2);
    optimizer->step(parameters, Eigen::VectorXd::Ones(2));
    EXPECT_EQ(parameters, Eigen::Vector2d(-0.1, -0.5));
    EXPECT_THROW(optimizer->set_learning_rate(0, -1.0), ParamError);
    EXPECT_THROW(optimizer->set_learning_rate(2, 0.1), ParamError);
    EXPECT_THROW(static_cast<void>(optimizer->learning_rate(2)), ParamError);
}

// QHAdam's arithmetic is bit for bit TreeLab's single-vector QHAdam before parameter groups (so
// LatentTrees models do not change): the values are that implementation's output (hex floats).
TEST(Optimizer, QhAdamBitForBitAsBefore) {
    const double expected[2][3] = {{0x1.8337c183005f9p-1, -0x1.095640d567514p+0, 0x1.8112ca9d8ce8dp+0},
                                   {0x1.836d368810a66p-1, -0x1.0771091343c95p+0, 0x1.80bcdf7750542p+0}};
    const double nu2s[2] = {1.0, 0.9};
    for (int run = 0; run < 2; ++run) {
        OptimizerSettings settings = kind("qhadam");
        settings.beta1 = 0.995;
        settings.beta2 = 0.998;
        settings.nu2 = nu2s[run];
        const std::unique_ptr<Optimizer> optimizer = make_optimizer(settings, single_group(3, 0.1));
        const Eigen::Vector3d a(1.0, 3.0, 0.5), c(1.0, -1.0, 0.0);
        Eigen::VectorXd theta = Eigen::Vector3d(0.5, -1.5, 2.0);
        for (int t = 0; t < 5; ++t) {
            const Eigen::VectorXd gradient = 2.0 * a.cwiseProduct(theta - c) + theta.array().sin().matrix();
            optimizer->step(theta, gradient);
        }
        for (int i = 0; i < 3; ++i) EXPECT_EQ(theta(i), expected[run][i]) << "run " << run << ", parameter " << i;
    }
}

// QHAdam with ν1 = ν2 = 1 takes Adam's steps up to rounding (same gradients, groups and weight decay).
TEST(Optimizer, QhAdamWithUnitNusIsAdam) {
    const nlohmann::json c = test::read_optim_fixture("adam.json").at("cases")[2];  // groups_weight_decay
    OptimizerSettings unit = kind("qhadam");
    unit.nu1 = unit.nu2 = 1.0;
    const std::unique_ptr<Optimizer> adam = make_optimizer(kind("adam"), test::parameter_groups(c.at("groups")));
    const std::unique_ptr<Optimizer> qhadam = make_optimizer(unit, test::parameter_groups(c.at("groups")));
    Eigen::VectorXd by_adam = test::to_vector(c.at("initial")), by_qhadam = by_adam;
    for (const nlohmann::json& g : c.at("gradients")) {
        adam->step(by_adam, test::to_vector(g));
        qhadam->step(by_qhadam, test::to_vector(g));
    }
    for (Eigen::Index i = 0; i < by_adam.size(); ++i) test::expect_near_rel(by_qhadam(i), by_adam(i), 1e-13);
}

// RMSprop's fused update (one pass, compiled per vector unit) is torch's arithmetic element by element
// on the clipped gradient, in the parameters' precision: the same bits as the formula evaluated one
// scalar at a time, on a vector long enough for every vector width and a remainder, with and without
// momentum, scaled and not.
template <class Scalar>
void expect_rmsprop_is_the_scalar_formula() {
    using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;
    constexpr Eigen::Index n = 1003;
    const Scalar alpha = Scalar(0.99), rate = Scalar(0.01), epsilon = Scalar(1e-5);
    for (const Scalar momentum : {Scalar(0), Scalar(0.3)}) {
        OptimizerSettings settings = kind("rmsprop");
        settings.alpha = 0.99;
        settings.epsilon = 1e-5;
        settings.momentum = momentum;
        const std::unique_ptr<Optimizer> optimizer = make_optimizer(settings, single_group(n, 0.01));
        Vector theta = Vector::LinSpaced(n, Scalar(-1), Scalar(2)), expected = theta;
        Vector square = Vector::Zero(n), buffer = Vector::Zero(n);
        for (int t = 0; t < 3; ++t) {
            const Vector gradient = (theta.array() * Scalar(3 + t)).sin().matrix();
            const Vector expected_gradient = (expected.array() * Scalar(3 + t)).sin().matrix();
            const double scale = t == 1 ? 1.0 : 0.37 / (1.0 + t);  // clipping's coefficient, or none
            optimizer->step(theta, gradient, scale);
            for (Eigen::Index i = 0; i < n; ++i) {
                const Scalar g = static_cast<Scalar>(scale) * expected_gradient(i);
                square(i) = square(i) * alpha + ((Scalar(1) - alpha) * g) * g;
                const Scalar average = std::sqrt(square(i)) + epsilon;
                if (momentum > Scalar(0)) {
                    buffer(i) = buffer(i) * momentum + g / average;
                    expected(i) += (-rate) * buffer(i);
                } else {
                    expected(i) += ((-rate) * g) / average;
                }
            }
        }
        for (Eigen::Index i = 0; i < n; ++i) ASSERT_EQ(theta(i), expected(i)) << "momentum " << momentum << ", parameter " << i;
    }
}

TEST(Optimizer, RmsPropFusedUpdateIsTheScalarFormula) { expect_rmsprop_is_the_scalar_formula<double>(); }

// float32 storage: the same in float32 arithmetic, as torch on float32 tensors; the other kinds and
// the centered variant refuse float32 parameters.
TEST(Optimizer, RmsPropFloat32UpdateIsTheScalarFormulaInFloat32) {
    expect_rmsprop_is_the_scalar_formula<float>();
    Eigen::VectorXf theta = Eigen::VectorXf::Ones(5);
    const Eigen::VectorXf gradient = Eigen::VectorXf::Ones(5);
    EXPECT_THROW(make_optimizer(kind("adam"), single_group(5, 0.01))->step(theta, gradient), ParamError);
    OptimizerSettings centered = kind("rmsprop");
    centered.centered = true;
    EXPECT_THROW(make_optimizer(centered, single_group(5, 0.01))->step(theta, gradient), ParamError);
}

// Every kind applies the gradient scale (clipping's coefficient) exactly as if the gradient had
// been scaled first, as torch clips it in place: the same bits, with coupled or decoupled weight
// decay on one group and none on the other, with momentum where the kind has it.
TEST(Optimizer, GradientScaleIsTheScaledGradient) {
    constexpr Eigen::Index n = 37;
    for (const std::string& name : optimizer_kinds()) {
        OptimizerSettings settings = kind(name);
        if (name == "sgd" || name == "rmsprop") settings.momentum = 0.5;
        const std::vector<ParameterGroup> groups = {group("decayed", 0, 20, 0.05, 0.1), group("plain", 20, n - 20, 0.02)};
        const std::unique_ptr<Optimizer> fused = make_optimizer(settings, groups), scaled_first = make_optimizer(settings, groups);
        Eigen::VectorXd a = Eigen::VectorXd::LinSpaced(n, -1.0, 1.5), b = a;
        for (int t = 0; t < 4; ++t) {
            const Eigen::VectorXd gradient = (a.array() * (2.0 + t)).cos().matrix();
            const double scale = 0.3 + 0.2 * t;
            fused->step(a, gradient, scale);
            scaled_first->step(b, (scale * gradient).eval());
        }
        for (Eigen::Index i = 0; i < n; ++i) ASSERT_EQ(a(i), b(i)) << name << ", parameter " << i;
    }
}

}  // namespace
}  // namespace treelab
