// Thresholds on a date column read as dates, in every text core writes (rules, path rules, DOT):
// the last value that goes left, so "≤ 2020-03-14" and "> 2020-03-14" say what the split does.
#include <regex>

#include <gtest/gtest.h>

#include "core/export/data_units.h"
#include "core/export/feature_value_text.h"
#include "core/export/model_export.h"
#include "core/export/path_rule.h"
#include "core/export/rules_text.h"
#include "core/model/model_file.h"
#include "core/run/training_run.h"
#include "tests/core/model/small_trees.h"
#include "tests/support/signups_table.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

constexpr double kMarch14 = 18335.0;  // days since 1970-01-01

TreeModel tree_with_units(std::vector<ValueUnit> units) {
    TreeModel tree = test::axis_tree();
    tree.feature_units = std::move(units);
    return tree;
}

std::string text(ValueUnit unit, double value) { return feature_value_text(tree_with_units({unit, unit}), 0, value, 4); }

// With x ≤ t going left, a threshold between two whole days is the earlier day; one on a day is
// that day; before 1970 too.
TEST(FeatureValueText, WholeDaysReadAsTheLastDayThatGoesLeft) {
    EXPECT_EQ(text(ValueUnit::Date, kMarch14 + 0.5), "2020-03-14");
    EXPECT_EQ(text(ValueUnit::Date, kMarch14), "2020-03-14");
    EXPECT_EQ(text(ValueUnit::Date, kMarch14 + 0.999), "2020-03-14");
    EXPECT_EQ(text(ValueUnit::Date, 59.5), "1970-03-01");
    EXPECT_EQ(text(ValueUnit::Date, -0.5), "1969-12-31");
    EXPECT_EQ(text(ValueUnit::Date, 11016.0), "2000-02-29");
}

// Date-times show the minute, and the second (or millisecond) only when the column's times need it.
TEST(FeatureValueText, DateTimesReadToTheMinuteOrTheSecondWhenNeeded) {
    const double quarter_to_two = kMarch14 + (13 * 60 + 45) / 1440.0;
    EXPECT_EQ(text(ValueUnit::DateMinute, quarter_to_two), "2020-03-14 13:45");
    EXPECT_EQ(text(ValueUnit::DateMinute, quarter_to_two + 30 / 86400.0), "2020-03-14 13:45");  // between 13:45 and 13:46
    EXPECT_EQ(text(ValueUnit::DateMinute, kMarch14 + 0.5), "2020-03-14 12:00");
    EXPECT_EQ(text(ValueUnit::DateSecond, quarter_to_two + 7.5 / 86400.0), "2020-03-14 13:45:07");
    EXPECT_EQ(text(ValueUnit::DateSecond, quarter_to_two), "2020-03-14 13:45");
    EXPECT_EQ(text(ValueUnit::DateTime, kMarch14 + 0.5), "2020-03-14 12:00");
    EXPECT_EQ(text(ValueUnit::DateTime, quarter_to_two + 7.25 / 86400.0), "2020-03-14 13:45:07.25");
    EXPECT_EQ(text(ValueUnit::DateMinute, kMarch14 + 1439.5 / 1440.0), "2020-03-14 23:59");
}

// Derived features: years as whole numbers, months and weekdays by name; numbers stay numbers, as
// does a value no date has.
TEST(FeatureValueText, DerivedFeaturesReadAsNamesAndNumbersStayNumbers) {
    EXPECT_EQ(text(ValueUnit::Weekday, 2.5), "Wed");
    EXPECT_EQ(text(ValueUnit::Weekday, 0.0), "Mon");
    EXPECT_EQ(text(ValueUnit::Weekday, 6.5), "Sun");
    EXPECT_EQ(text(ValueUnit::Weekday, -0.5), "-0.5");
    EXPECT_EQ(text(ValueUnit::Month, 3.5), "Mar");
    EXPECT_EQ(text(ValueUnit::Month, 12.0), "Dec");
    EXPECT_EQ(text(ValueUnit::Month, 0.5), "0.5");
    EXPECT_EQ(text(ValueUnit::Year, 2020.5), "2020");
    EXPECT_EQ(text(ValueUnit::Number, kMarch14 + 0.5), "1.834e+04");
    EXPECT_EQ(text(ValueUnit::Date, 1e9), "1e+09");
    EXPECT_EQ(feature_value_text(test::axis_tree(), 0, kMarch14 + 0.5, 6), "18335.5");  // a tree without units
}

// Path rules merge bounds as before, each written in its feature's unit.
TEST(FeatureValueText, PathRulesWriteBoundsInTheFeaturesUnits) {
    const TreeModel tree = tree_with_units({ValueUnit::Date, ValueUnit::Weekday});
    EXPECT_EQ(path_rule(tree, 1, {"signup", "day"}), "signup ≤ 1970-01-01");
    EXPECT_EQ(path_rule(tree, 8, {"signup", "day"}), "1969-12-31 < signup ≤ 1970-01-01 and day > Tue");
}

struct SignupModel {
    test::TempDir dir;
    ModelFile model;
    explicit SignupModel(bool times) {
        test::write_signups(dir.file("signups.csv"), times);
        model = run_training(test::signups_run(dir.file("signups.csv"))).model;
    }
};

// `treelab-cli rules` and the DOT export of CART on a date column: the split between the 14th and
// the 15th reads as a date on both sides; the amount's threshold stays a number; nothing shows a day count.
TEST(FeatureValueText, RulesAndDotShowDatesOfAWholeDayColumn) {
    const SignupModel signups(false);
    const std::string rules = rules_text(tree_in_data_units(signups.model));
    EXPECT_NE(rules.find("signup <= 2020-03-14\n"), std::string::npos) << rules;
    EXPECT_NE(rules.find("signup >  2020-03-14\n"), std::string::npos) << rules;
    EXPECT_TRUE(std::regex_search(rules, std::regex("amount <= \\d+\\.\\d+\n"))) << rules;
    EXPECT_EQ(rules.find("1833"), std::string::npos) << rules;
    const std::string dot = export_model_text(signups.model, "dot");
    EXPECT_NE(dot.find("signup <= 2020-03-14"), std::string::npos) << dot;
    EXPECT_EQ(dot.find("1833"), std::string::npos) << dot;
}

// On date-times the split shows the last minute that goes left: the 14th's sign-up was at 22:01
// (97 minutes later each day), the 15th's at 23:38; CART's threshold halfway, 2020-03-15 10:49:30,
// sends left exactly the sign-ups at or before 10:49 that day.
TEST(FeatureValueText, RulesShowTheTimeOfADateTimeColumn) {
    const SignupModel signups(true);
    const std::string rules = rules_text(tree_in_data_units(signups.model));
    EXPECT_NE(rules.find("signup <= 2020-03-15 10:49\n"), std::string::npos) << rules;
    EXPECT_NE(rules.find("signup >  2020-03-15 10:49\n"), std::string::npos) << rules;
    const TreeModel shown = tree_in_data_units(signups.model);
    EXPECT_EQ(path_rule(shown, shown.nodes[0].right, signups.model.pipeline.feature_names()), "signup > 2020-03-15 10:49");
}

// A model file written before the time of day was recorded shows the exact date-time, which is
// true whatever the column held: 2020-03-14 12:00 for a threshold halfway through the day.
TEST(FeatureValueText, AnOlderModelFileShowsTheExactDateTime) {
    const SignupModel signups(false);
    save_model(signups.model, signups.dir.file("m.json"));
    const std::string written = test::read_file(signups.dir.file("m.json"));
    const std::string older = std::regex_replace(written, std::regex(",\\s*\"times\": \"none\""), "");
    ASSERT_NE(older, written);
    const ModelFile loaded = load_model(signups.dir.write("older.json", older));
    const std::string rules = rules_text(tree_in_data_units(loaded));
    EXPECT_NE(rules.find("signup <= 2020-03-14 12:00\n"), std::string::npos) << rules;
}

}  // namespace
}  // namespace treelab
