#include <gtest/gtest.h>

#include <array>

#include "core/error.h"
#include "core/params/param_spec.h"

namespace treelab {
namespace {

const std::array<ParamSpec, 4> kSpecs = {
    ParamSpec{.name = "depth", .label = "Depth",
              .help = "maximum depth",
              .type = ParamType::Integer, .min = 1, .max = 10, .default_value = 4LL},
    ParamSpec{.name = "rate", .label = "Rate",
              .help = "learning rate",
              .type = ParamType::Real, .min = 0.0, .max = 1.0, .default_value = 0.1},
    ParamSpec{.name = "polish", .label = "Polish",
              .help = "polish subtrees",
              .type = ParamType::Boolean, .default_value = false},
    ParamSpec{.name = "features", .label = "Features",
              .help = "features per split",
              .type = ParamType::Choice, .min = 0.0, .max = 100.0, .default_value = std::string("all"),
              .choices = {"all", "sqrt"}, .accepts_number = true},
};

// Defaults fill every parameter and are readable with the typed getters.
TEST(ParamValues, DefaultsAreFilledIn) {
    const ParamValues values(kSpecs);
    EXPECT_EQ(values.integer("depth"), 4);
    EXPECT_DOUBLE_EQ(values.real("rate"), 0.1);
    EXPECT_FALSE(values.boolean("polish"));
    EXPECT_EQ(values.text("features"), "all");
    EXPECT_FALSE(values.is_number("features"));
}

// NAME=VALUE assignments are parsed by type; a Choice that accepts numbers takes one.
TEST(ParamValues, AssignmentsParseByType) {
    ParamValues values(kSpecs);
    values.set_assignment(kSpecs, "depth=7");
    values.set_assignment(kSpecs, "rate=0.25");
    values.set_assignment(kSpecs, "polish=yes");
    values.set_assignment(kSpecs, "features=0.5");
    EXPECT_EQ(values.integer("depth"), 7);
    EXPECT_DOUBLE_EQ(values.real("rate"), 0.25);
    EXPECT_TRUE(values.boolean("polish"));
    EXPECT_TRUE(values.is_number("features"));
    EXPECT_DOUBLE_EQ(values.real("features"), 0.5);
    values.set(kSpecs, "features", "SQRT");
    EXPECT_EQ(values.text("features"), "sqrt");
}

// whole_number reads a word-or-whole-number Choice: nothing for the word, the number, or an error
// for a fraction.
TEST(ParamValues, WholeNumberOfAWordOrNumberChoice) {
    ParamValues values(kSpecs);
    EXPECT_FALSE(values.whole_number("features"));
    values.set_assignment(kSpecs, "features=12");
    EXPECT_EQ(values.whole_number("features"), 12);
    values.set_assignment(kSpecs, "features=0.5");
    EXPECT_THROW(static_cast<void>(values.whole_number("features")), ParamError);
}

// Out-of-range, mistyped and unknown values are refused with a message naming parameter, text and range.
TEST(ParamValues, BadValuesNameTheParameterAndRange) {
    ParamValues values(kSpecs);
    try {
        values.set_assignment(kSpecs, "depth=11");
        FAIL() << "no exception";
    } catch (const ParamError& error) {
        EXPECT_NE(std::string(error.what()).find("depth = '11'"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("[1, 10]"), std::string::npos) << error.what();
    }
    EXPECT_THROW(values.set_assignment(kSpecs, "depth=2.5"), ParamError);
    EXPECT_THROW(values.set_assignment(kSpecs, "rate=abc"), ParamError);
    EXPECT_THROW(values.set_assignment(kSpecs, "rate=nan"), ParamError);
    EXPECT_THROW(values.set_assignment(kSpecs, "polish=maybe"), ParamError);
    EXPECT_THROW(values.set_assignment(kSpecs, "features=log2"), ParamError);
    EXPECT_THROW(values.set_assignment(kSpecs, "nothing=1"), ParamError);
    EXPECT_THROW(values.set_assignment(kSpecs, "depth"), ParamError);
    EXPECT_EQ(values.integer("depth"), 4) << "a refused value leaves the old one";
}

// Canonical texts round-trip doubles exactly, so run cards reproduce runs.
TEST(ParamValues, CanonicalTextRoundTrips) {
    ParamValues values(kSpecs);
    values.set(kSpecs, "rate", "0.1234567890123456789");
    const std::string text = values.canonical().at("rate");
    ParamValues again(kSpecs);
    again.set(kSpecs, "rate", text);
    EXPECT_EQ(again.real("rate"), values.real("rate"));
    EXPECT_EQ(values.canonical().at("polish"), "false");
    EXPECT_EQ(kSpecs[3].range_text(), "all | sqrt | a number in [0, 100]");
}

}  // namespace
}  // namespace treelab
