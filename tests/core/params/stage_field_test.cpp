// Stage fields of a stage-list parameter (GET's scale-factor schedule as the example): names,
// values, and writing a value into the current list.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/params/stage_field.h"

namespace treelab {
namespace {

std::span<const ParamSpec> get_specs() { return find_learner("get").params; }

StageFieldRef ref_of(const std::string& name) {
    const std::optional<StageFieldRef> ref = parse_stage_field_ref(get_specs(), name);
    EXPECT_TRUE(ref) << name;
    return ref.value_or(StageFieldRef{});
}

// Expects a ParamError whose message contains `fragment`.
template <typename Call>
void expect_error(Call call, const std::string& fragment) {
    try {
        call();
        ADD_FAILURE() << "accepted; expected an error with: " << fragment;
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
    }
}

// NAME[K].FIELD names the value (by the list's key) or the epochs of stage K; a plain name is none.
TEST(StageField, ReadsReferences) {
    const StageFieldRef alpha = ref_of("schedule[2].alpha");
    EXPECT_EQ(alpha.param, "schedule");
    EXPECT_EQ(alpha.stage, 2);
    EXPECT_EQ(alpha.field, StageField::Value);
    EXPECT_EQ(ref_of("schedule[1].epochs").field, StageField::Epochs);
    EXPECT_FALSE(parse_stage_field_ref(get_specs(), "depth"));
    const ParamSpec& spec = stage_list_spec(get_specs(), alpha);
    EXPECT_EQ(stage_field_name(spec, alpha), "schedule[2].alpha");
    EXPECT_EQ(stage_field_label(spec, alpha), "Scale-factor schedule: stage 2 α");
    EXPECT_EQ(stage_field_label(spec, ref_of("schedule[1].epochs")), "Scale-factor schedule: stage 1 epochs");
}

// Malformed references and ones naming no stage field say what is wrong.
TEST(StageField, RefusesBadReferences) {
    const auto parse = [](const std::string& name) { return [name] { parse_stage_field_ref(get_specs(), name); }; };
    expect_error(parse("schedule[2]alpha"), "must be NAME[STAGE].FIELD");
    expect_error(parse("schedule[2"), "must be NAME[STAGE].FIELD");
    expect_error(parse("[2].alpha"), "must be NAME[STAGE].FIELD");
    expect_error(parse("schedule[0].alpha"), "stages are counted from 1, not '0'");
    expect_error(parse("schedule[x].alpha"), "not 'x'");
    expect_error(parse("nothing[1].alpha"), "no parameter 'nothing'");
    expect_error(parse("depth[1].alpha"), "depth is not a stage list");
    expect_error(parse("schedule[1].beta"), "the fields alpha and epochs, not 'beta'");
}

// A value is a number or U(LOW,HIGH); epochs a whole number from 1; both are written into the
// current list (a preset included) by the list's own writer, other stages untouched.
TEST(StageField, WritesAValueIntoTheCurrentList) {
    const StageFieldRef alpha = ref_of("schedule[2].alpha");
    const ParamSpec& spec = stage_list_spec(get_specs(), alpha);
    EXPECT_EQ(with_stage_field(spec, "paper", alpha, "100"), "U(5,25):3000,100:3000");
    EXPECT_EQ(with_stage_field(spec, "paper", alpha, "U(80,120)"), "U(5,25):3000,U(80,120):3000");
    EXPECT_EQ(with_stage_field(spec, "U(5,25):10,7:20,9:30", ref_of("schedule[3].epochs"), "45"), "U(5,25):10,7:20,9:45");
    EXPECT_EQ(stage_value_text({80, 120, 1}), "U(80,120)");
    EXPECT_EQ(stage_value_text({50, 50, 1}), "50");
}

// A stage the list does not have, and values of the wrong form, are refused.
TEST(StageField, RefusesBadValues) {
    const StageFieldRef alpha = ref_of("schedule[2].alpha");
    const ParamSpec& spec = stage_list_spec(get_specs(), alpha);
    expect_error([&] { with_stage_field(spec, "paper", ref_of("schedule[3].alpha"), "50"); },
                 "there is no stage 3 in schedule[3].alpha: schedule = 'paper' has 2 stages");
    expect_error([&] { with_stage_field(spec, "paper", alpha, "U(80"); }, "'U(80' of schedule[2].alpha must be a number or U(LOW,HIGH)");
    expect_error([&] { with_stage_field(spec, "paper", alpha, "U(120,80)"); }, "low end above its high end");
    expect_error([&] { with_stage_field(spec, "paper", alpha, "big"); }, "must be a number or U(LOW,HIGH)");
    expect_error([&] { with_stage_field(spec, "paper", ref_of("schedule[1].epochs"), "2.5"); }, "whole number of epochs from 1");
    expect_error([&] { with_stage_field(spec, "paper", ref_of("schedule[1].epochs"), "0"); }, "whole number of epochs from 1");
}

}  // namespace
}  // namespace treelab
