// What a sweep varies: parameters and stage fields, their stand-in descriptions and values.
#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/run/run_config.h"
#include "core/run/sweep_target.h"

namespace treelab {
namespace {

std::span<const ParamSpec> get_specs() { return find_learner("get").params; }

// A parameter is its own description; a stage field gets a stand-in: its name, label and type,
// and with the run's parameters the stage's current value and a grid range around it.
TEST(SweepTarget, DescribesParametersAndStageFields) {
    const SweepTarget depth = sweep_target(get_specs(), "depth");
    EXPECT_FALSE(depth.field);
    EXPECT_EQ(depth.spec.label, "Depth");

    const ParamValues params = method_params("get", {"schedule=U(5,25):40,100:60"});
    const SweepTarget alpha1 = sweep_target(get_specs(), "schedule[1].alpha", &params);
    ASSERT_TRUE(alpha1.field);
    EXPECT_EQ(alpha1.spec.name, "schedule[1].alpha");
    EXPECT_EQ(alpha1.spec.label, "Scale-factor schedule: stage 1 α");
    EXPECT_EQ(alpha1.spec.type, ParamType::Real);
    EXPECT_EQ(to_text(alpha1.spec.default_value), "U(5,25)");
    EXPECT_EQ(alpha1.spec.sweep.from, 5.0);
    EXPECT_EQ(alpha1.spec.sweep.to, 25.0);
    EXPECT_EQ(to_text(sweep_target(get_specs(), "schedule[2].alpha", &params).spec.default_value), "100");
    const SweepTarget epochs = sweep_target(get_specs(), "schedule[2].epochs", &params);
    EXPECT_EQ(epochs.spec.type, ParamType::Integer);
    EXPECT_EQ(to_text(epochs.spec.default_value), "60");
    EXPECT_THROW(sweep_target(get_specs(), "no_such"), ParamError);
}

// Setting a field writes it into the parameters' current schedule; a value the schedule's parser
// refuses is refused naming the sweep and the parser's reason.
TEST(SweepTarget, SetsAFieldIntoTheCurrentSchedule) {
    ParamValues params = method_params("get", {"schedule=U(5,25):40,100:60"});
    set_sweep_value(params, get_specs(), sweep_target(get_specs(), "schedule[2].alpha"), "U(80,120)");
    EXPECT_EQ(params.text("schedule"), "U(5,25):40,U(80,120):60");
    set_sweep_value(params, get_specs(), sweep_target(get_specs(), "schedule[1].epochs"), "7");
    EXPECT_EQ(params.text("schedule"), "U(5,25):7,U(80,120):60");
    try {
        set_sweep_value(params, get_specs(), sweep_target(get_specs(), "schedule[2].alpha"), "-5");
        ADD_FAILURE() << "a negative scale factor was accepted";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("sweep of schedule[2].alpha = '-5': "), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("stage 2"), std::string::npos) << error.what();
    }
    EXPECT_EQ(params.text("schedule"), "U(5,25):7,U(80,120):60") << "a refused value changes nothing";
}

// The Sweep tab's stage fields: value and epochs of each current stage, in order.
TEST(SweepTarget, ListsTheStageFieldsOfTheCurrentSchedule) {
    const ParamValues params = method_params("get", {"schedule=U(5,25):40,100:60,200:10"});
    std::vector<std::string> names;
    for (const SweepTarget& target : stage_field_targets(get_specs(), params)) names.push_back(target.spec.name);
    EXPECT_EQ(names, (std::vector<std::string>{"schedule[1].alpha", "schedule[1].epochs", "schedule[2].alpha",
                                               "schedule[2].epochs", "schedule[3].alpha", "schedule[3].epochs"}));
    EXPECT_TRUE(stage_field_targets(find_learner("cart").params, ParamValues(find_learner("cart").params)).empty());
}

// A value's place on a plot's axis: the number, or the middle of its range.
TEST(SweepTarget, PositionsValuesOnAnAxis) {
    EXPECT_EQ(sweep_value_position("50"), 50.0);
    EXPECT_EQ(sweep_value_position("U(80,120)"), 100.0);
    EXPECT_TRUE(std::isnan(sweep_value_position("gini")));
}

}  // namespace
}  // namespace treelab
