#include "core/data/column_summary.h"

#include <cmath>
#include <sstream>

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
    EXPECT_EQ(default_target_column(inline_table("a,TYPE,b\n1,2,3\n")), 1u);
    EXPECT_EQ(default_target_column(inline_table("type,Class,b\n1,2,3\n")), 1u);
    EXPECT_EQ(default_target_column(inline_table("a,y,b\n1,2,3\n")), 1u);
}

// Without a target-like name the last column is the target (the usual CSV layout).
TEST(ColumnSummary, DefaultTargetFallsBackToLastColumn) {
    EXPECT_EQ(default_target_column(inline_table("a,classes,b\n1,2,3\n")), 2u);
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
