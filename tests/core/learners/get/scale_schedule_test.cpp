#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/get/get_learner.h"
#include "core/learners/get/scale_schedule.h"
#include "core/learners/get/scale_schedule_form.h"

namespace treelab::get {
namespace {

// The message a bad schedule text is refused with.
std::string refusal(const std::string& text) {
    try {
        parse_scale_schedule(text);
    } catch (const ParamError& error) {
        return error.what();
    }
    return "accepted";
}

// Stages are read in order, fixed or ranged, with spaces and a lower-case u allowed.
TEST(ScaleSchedule, ReadsFixedAndRangedStages) {
    const ScaleSchedule schedule = parse_scale_schedule(" U(5, 25):1500, 100:20 ,u(0.5,2e2):7");
    ASSERT_EQ(schedule.size(), 3u);
    EXPECT_EQ(schedule[0].low, 5.0);
    EXPECT_EQ(schedule[0].high, 25.0);
    EXPECT_EQ(schedule[0].epochs, 1500);
    EXPECT_EQ(schedule[1].low, 100.0);
    EXPECT_EQ(schedule[1].high, 100.0);
    EXPECT_EQ(schedule[2].high, 200.0);
    EXPECT_EQ(total_epochs(schedule), 1527);
    EXPECT_EQ(canonical_scale_schedule(" U(5, 25):1500, 100:20 ,u(0.5,2e2):7"), "U(5,25):1500,100:20,U(0.5,200):7");
}

// The presets are the paper's App. D ranges and the code's, 3000 epochs per stage, kept by name.
TEST(ScaleSchedule, PresetsAreThePapersAndTheCodes) {
    const ScaleSchedule paper = parse_scale_schedule("paper"), code = parse_scale_schedule("code");
    ASSERT_EQ(paper.size(), 2u);
    EXPECT_EQ(paper[1].low, 50.0);
    EXPECT_EQ(paper[1].high, 150.0);
    EXPECT_EQ(code[0].low, 5.0);
    EXPECT_EQ(code[0].high, 25.0);
    EXPECT_EQ(code[1].low, 80.0);
    EXPECT_EQ(code[1].high, 120.0);
    EXPECT_EQ(total_epochs(paper), 6000);
    EXPECT_EQ(canonical_scale_schedule("code"), "code");
}

// Bad texts are refused with a sentence that names the stage and what is wrong.
TEST(ScaleSchedule, BadTextsSayWhatIsWrong) {
    EXPECT_NE(refusal("").find("is empty"), std::string::npos);
    EXPECT_NE(refusal("U(5,25)").find("stage 1: expected ':'"), std::string::npos);
    EXPECT_NE(refusal("U(5,25):100,U(150,50):100").find("stage 2: U(150,50) has its low end above its high end"), std::string::npos);
    EXPECT_NE(refusal("10:x").find("stage 1: epochs must be a whole number"), std::string::npos);
    EXPECT_NE(refusal("10:0").find("not '0'"), std::string::npos);
    EXPECT_NE(refusal("10:1.5").find("epochs must be a whole number"), std::string::npos);
    EXPECT_NE(refusal("abc:10").find("the scale factor must be a number or U(LOW,HIGH), not 'abc'"), std::string::npos);
    EXPECT_NE(refusal("-3:10").find("above 0"), std::string::npos);
    EXPECT_NE(refusal("U(5,25:10").find("')' closing"), std::string::npos);
    EXPECT_NE(refusal("5:10;6:10").find("not '10;6'"), std::string::npos);
    EXPECT_NE(refusal("5:10,").find("stage 2"), std::string::npos);
    EXPECT_NE(refusal("5:10 6:10").find("stage 1"), std::string::npos);
}

// The hyperparameter table checks the schedule where every parameter is checked, naming it.
TEST(ScaleSchedule, TheParameterRefusesBadTextWithItsName) {
    ParamValues values(get_hyperparameter_table());
    values.set(get_hyperparameter_table(), "schedule", "U(1,2):3");
    EXPECT_EQ(values.text("schedule"), "U(1,2):3");
    try {
        values.set(get_hyperparameter_table(), "schedule", "U(2,1):3");
        FAIL() << "accepted";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("parameter schedule = 'U(2,1):3': the scale-factor schedule stage 1"), std::string::npos)
            << error.what();
    }
}

// Each stage's α lies in its range; fixed stages draw nothing, so the same stream gives the same α.
// The schedule parameter describes itself as a stage list whose read and write round-trip through
// the grammar, presets included, so the GUI's schedule editor needs no GET code.
TEST(ScaleSchedule, TheParameterIsAStageListForm) {
    const ParamSpec& spec = get_hyperparameter_table()[1];
    ASSERT_EQ(spec.name, "schedule");
    ASSERT_TRUE(spec.stages.has_value());
    const std::vector<ParamStage> paper = spec.stages->read("paper");
    ASSERT_EQ(paper.size(), 2u);
    EXPECT_EQ(paper[1].low, 50.0);
    EXPECT_EQ(paper[1].high, 150.0);
    EXPECT_EQ(paper[1].epochs, 3000);
    EXPECT_EQ(spec.stages->write(paper), "U(5,25):3000,U(50,150):3000");
    EXPECT_EQ(spec.stages->write(spec.stages->read("30:10, U(1,2):5")), "30:10,U(1,2):5");
    EXPECT_THROW(spec.stages->read("30:x"), ParamError);
}

TEST(ScaleSchedule, DrawsEachStageInItsRange) {
    const ScaleSchedule schedule = parse_scale_schedule("U(5,25):1,7:1,U(50,150):1");
    std::mt19937 random(3);
    for (int k = 0; k < 100; ++k) {
        const std::vector<double> alphas = draw_scale_factors(schedule, random);
        ASSERT_EQ(alphas.size(), 3u);
        EXPECT_GE(alphas[0], 5.0);
        EXPECT_LT(alphas[0], 25.0);
        EXPECT_EQ(alphas[1], 7.0);
        EXPECT_GE(alphas[2], 50.0);
        EXPECT_LT(alphas[2], 150.0);
    }
}

}  // namespace
}  // namespace treelab::get
