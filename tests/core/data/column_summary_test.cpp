#include "core/data/column_summary.h"

#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Table inline_table(const std::string& text) {
    std::istringstream input(text);
    return parse_csv(input, "inline.csv");
}

// A column named like a target wins over position, ignoring case; "class" is preferred to "type".
TEST(ColumnSummary, DefaultTargetPrefersTargetNames) {
    EXPECT_EQ(choose_target_column(inline_table("a,TYPE,b\n1,2,3\n")).column, 1u);
    EXPECT_EQ(choose_target_column(inline_table("type,Class,b\n1,2,3\n")).column, 1u);
    EXPECT_EQ(choose_target_column(inline_table("a,y,b\n1,2,3\n")).column, 1u);
}

// Without a target-like name the last column is the target (the usual CSV layout).
TEST(ColumnSummary, DefaultTargetFallsBackToLastColumn) {
    EXPECT_EQ(choose_target_column(inline_table("a,classes,b\n1,2,3\n")).column, 2u);
}

// Without a target-like name, the only text column with few levels is the target (letter's
// "lettr", first among 16 numeric features); a text column with a level per row, or two text
// columns, leave it to the last column. The reason says which rule chose.
TEST(ColumnSummary, DefaultTargetIsTheOnlyTextColumnWithFewLevels) {
    const TargetChoice letter = choose_target_column(inline_table("lettr,xbox,ybox\nT,1,2\nI,3,4\nT,5,6\nI,7,8\nD,1,1\nD,2,2\nT,3,1\n"));
    EXPECT_EQ(letter.column, 0u);
    EXPECT_EQ(letter.reason, "the only text column (3 levels)");
    EXPECT_EQ(choose_target_column(inline_table("name,x,y\nann,1,2\nbob,3,4\ncid,5,6\n")).column, 2u);
    EXPECT_EQ(choose_target_column(inline_table("a,b,y2\nu,v,1\nu,w,2\nt,v,3\nt,w,4\n")).column, 2u);
    EXPECT_EQ(choose_target_column(inline_table("a,TYPE,b\n1,2,3\n")).reason, "named like a target");
    EXPECT_EQ(choose_target_column(inline_table("a,classes,b\n1,2,3\n")).reason, "the last column");
}

// Every shipped data set's default target is the one its README names.
TEST(ColumnSummary, DefaultTargetOfEveryShippedSetIsItsClass) {
    const std::vector<std::pair<std::string, std::string>> sets = {
        {"glass.csv", "Type"},           {"iris.csv", "species"},    {"wine.csv", "cultivar"},
        {"wdbc.csv", "diagnosis"},       {"breastcancer.csv", "Class"}, {"housevotes84.csv", "Class"},
        {"servo.csv", "Class"},          {"diabetes.csv", "progression"}, {"letterrecognition.csv", "lettr"}};
    for (const auto& [file, target] : sets) {
        const Table table = read_csv(test::dataset(file));
        EXPECT_EQ(table.columns[choose_target_column(table).column].name, target) << file;
    }
}

// Glass's "Type" is six classes whose counts add up to the 214 rows, in fit_target's class order.
TEST(ColumnSummary, GlassClassBalance) {
    const Table table = read_csv(test::dataset("glass.csv"));
    const TargetSummary summary = summarize_target(table, table.column_index("Type"));
    EXPECT_EQ(summary.task, Task::Classification);
    EXPECT_EQ(summary.class_names, (std::vector<std::string>{"1", "2", "3", "5", "6", "7"}));
    EXPECT_EQ(summary.class_counts, (std::vector<std::size_t>{70, 76, 17, 13, 9, 29}));
}

// A regression target gets a histogram whose bins cover every row, with the maximum in the last bin.
TEST(ColumnSummary, RegressionTargetHistogram) {
    const Table table = inline_table("x,v\n1,0.5\n2,1.5\n3,4\n4,2.25\n");
    const TargetSummary summary = summarize_target(table, 1, {}, 4);
    EXPECT_EQ(summary.task, Task::Regression);
    EXPECT_DOUBLE_EQ(summary.histogram.low, 0.5);
    EXPECT_DOUBLE_EQ(summary.histogram.high, 4.0);
    EXPECT_EQ(summary.histogram.counts, (std::vector<std::size_t>{1, 1, 1, 1}));
}

// Equal values (zero width) all land in the first bin; non-finite values are left out.
TEST(ColumnSummary, HistogramOfConstantValues) {
    const Histogram flat = histogram({2.0, 2.0, std::nan("")}, 3);
    EXPECT_EQ(flat.counts, (std::vector<std::size_t>{2, 0, 0}));
}

// A forced regression on a text column fails with the core's DataError, as a run would.
TEST(ColumnSummary, TextTargetCannotBeRegressed) {
    EXPECT_THROW(summarize_target(inline_table("x,c\n1,a\n2,b\n"), 1, Task::Regression), DataError);
}

// Column kinds print as the preview names them.
TEST(ColumnSummary, KindNames) {
    EXPECT_EQ(to_string(ColumnKind::Numeric), "numeric");
    EXPECT_EQ(to_string(ColumnKind::Categorical), "categorical");
}

}  // namespace
}  // namespace treelab
