#include <algorithm>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/optim/learning_rate_schedule.h"
#include "tests/core/optim/optim_fixture.h"

namespace treelab {
namespace {

constexpr double kTolerance = 1e-12;  // relative; torch steps LinearLR and CosineAnnealingLR recursively

ScheduleSettings schedule_settings(const nlohmann::json& s) {
    ScheduleSettings settings;
    settings.kind = s.at("kind").get<std::string>();
    settings.factor = s.value("factor", settings.factor);
    settings.patience = s.value("patience", settings.patience);
    settings.threshold = s.value("threshold", settings.threshold);
    settings.min_rate = s.value("min_rate", settings.min_rate);
    settings.warmup_steps = s.value("warmup_steps", settings.warmup_steps);
    settings.total_steps = s.value("total_steps", settings.total_steps);
    settings.first_period = s.value("first_period", settings.first_period);
    settings.period_multiplier = s.value("period_multiplier", settings.period_multiplier);
    settings.step_every = s.value("step_every", settings.step_every);
    return settings;
}

// An SGD optimizer with one one-parameter group per base rate.
std::unique_ptr<Optimizer> optimizer_with(const nlohmann::json& base_rates) {
    std::vector<ParameterGroup> groups;
    for (std::size_t k = 0; k < base_rates.size(); ++k)
        groups.push_back({"group " + std::to_string(k), static_cast<Eigen::Index>(k), 1, base_rates[k].get<double>(), 0.0});
    OptimizerSettings settings;
    settings.kind = "sgd";
    return make_optimizer(settings, groups);
}

void expect_rates(const Optimizer& optimizer, const nlohmann::json& expected, double& largest, std::size_t& compared) {
    ASSERT_EQ(optimizer.groups().size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k, ++compared) {
        largest = std::max(largest, test::relative_error(optimizer.learning_rate(k), expected[k]));
        test::expect_near_rel(optimizer.learning_rate(k), expected[k], kTolerance);
    }
}

// Every schedule case gives torch's rates: per epoch for plateau (fed the recorded losses), per
// optimizer step for warmup_cosine and cosine_restarts (including step_every > 1 at DGT's phase).
TEST(LearningRateSchedule, MatchesTorchSchedulers) {
    double largest = 0.0;
    std::size_t compared = 0;
    const nlohmann::json fixture = test::read_optim_fixture("schedules.json");
    for (const nlohmann::json& c : fixture.at("cases")) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const std::unique_ptr<Optimizer> optimizer = optimizer_with(c.at("base_rates"));
        const std::unique_ptr<LearningRateSchedule> schedule = make_schedule(schedule_settings(c.at("settings")));
        schedule->start(*optimizer);
        Eigen::VectorXd parameters = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(c.at("base_rates").size()));
        const Eigen::VectorXd gradient = Eigen::VectorXd::Zero(parameters.size());
        if (c.contains("epoch_rates")) {
            const nlohmann::json& rates = c.at("epoch_rates");
            for (std::size_t e = 0; e < rates.size(); ++e) {
                expect_rates(*optimizer, rates[e], largest, compared);
                if (e < c.at("losses").size()) {
                    optimizer->step(parameters, gradient);
                    schedule->after_step(*optimizer);  // changes nothing for plateau
                    schedule->after_epoch(*optimizer, c.at("losses")[e]);
                }
            }
        } else {
            for (const nlohmann::json& rates : c.at("step_rates")) {
                expect_rates(*optimizer, rates, largest, compared);
                optimizer->step(parameters, gradient);
                schedule->after_step(*optimizer);
                schedule->after_epoch(*optimizer, 1.0);  // changes nothing for step schedules
            }
        }
    }
    EXPECT_GT(compared, 500u);
    std::cout << "[ optim    ] schedules.json: " << compared << " rates, largest relative error " << largest << "\n";
}

// Past total_steps the warm-up + cosine rate stays at min_rate (torch's CosineAnnealingLR would rise again).
TEST(LearningRateSchedule, WarmupCosineHoldsMinimumAfterTotal) {
    ScheduleSettings settings;
    settings.kind = "warmup_cosine";
    settings.min_rate = 1e-4;
    settings.warmup_steps = 2;
    settings.total_steps = 6;
    const std::unique_ptr<Optimizer> optimizer = make_optimizer({}, single_group(1, 0.01));
    const std::unique_ptr<LearningRateSchedule> schedule = make_schedule(settings);
    schedule->start(*optimizer);
    EXPECT_EQ(optimizer->learning_rate(0), 1e-4);
    Eigen::VectorXd parameters = Eigen::VectorXd::Zero(1);
    for (int s = 1; s <= 12; ++s) {
        optimizer->step(parameters, Eigen::VectorXd::Zero(1));
        schedule->after_step(*optimizer);
        if (s == 2) {
            test::expect_near_rel(optimizer->learning_rate(0), 0.01, 1e-15);
        }
        if (s >= 6) {
            EXPECT_EQ(optimizer->learning_rate(0), 1e-4) << "step " << s;
        }
    }
}

// The constant schedule never changes a rate.
TEST(LearningRateSchedule, ConstantKeepsRates) {
    const std::unique_ptr<Optimizer> optimizer = make_optimizer({}, single_group(1, 0.3));
    const std::unique_ptr<LearningRateSchedule> schedule = make_schedule({});
    schedule->start(*optimizer);
    Eigen::VectorXd parameters = Eigen::VectorXd::Zero(1);
    for (int s = 0; s < 5; ++s) {
        optimizer->step(parameters, Eigen::VectorXd::Ones(1));
        schedule->after_step(*optimizer);
        schedule->after_epoch(*optimizer, 1.0);
    }
    EXPECT_EQ(optimizer->learning_rate(0), 0.3);
}

// Every listed kind builds; unknown kinds and settings outside their ranges are refused.
TEST(LearningRateSchedule, InvalidSettingsThrow) {
    for (const std::string& kind : schedule_kinds()) {
        ScheduleSettings settings;
        settings.kind = kind;
        settings.total_steps = 10;
        EXPECT_NO_THROW(make_schedule(settings)) << kind;
    }
    ScheduleSettings settings;
    settings.kind = "step";
    EXPECT_THROW(make_schedule(settings), ParamError);
    settings.kind = "plateau";
    settings.factor = 1.0;
    EXPECT_THROW(make_schedule(settings), ParamError);
    settings.kind = "warmup_cosine";
    settings.warmup_steps = 5;
    settings.total_steps = 5;
    EXPECT_THROW(make_schedule(settings), ParamError);
    settings.kind = "cosine_restarts";
    settings.first_period = 0;
    EXPECT_THROW(make_schedule(settings), ParamError);
    settings.first_period = 3;
    settings.step_every = 0;
    EXPECT_THROW(make_schedule(settings), ParamError);
}

// A step schedule used before start(), or a min_rate above a group's rate, is refused.
TEST(LearningRateSchedule, MisuseThrows) {
    ScheduleSettings settings;
    settings.kind = "cosine_restarts";
    settings.first_period = 3;
    settings.min_rate = 0.5;
    const std::unique_ptr<Optimizer> optimizer = make_optimizer({}, single_group(1, 0.1));
    const std::unique_ptr<LearningRateSchedule> schedule = make_schedule(settings);
    EXPECT_THROW(schedule->after_step(*optimizer), ParamError);
    EXPECT_THROW(schedule->start(*optimizer), ParamError);
}

}  // namespace
}  // namespace treelab
