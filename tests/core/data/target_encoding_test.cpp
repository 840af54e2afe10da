#include "core/data/target_encoding.h"

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

// Text labels are indexed in sorted order, not in order of appearance, as sklearn's LabelEncoder does.
TEST(TargetEncoding, SortsTextLabels) {
    const Table table = inline_table("y\npear\napple\nfig\napple\n");
    const TargetEncoding target = fit_target(table, 0);
    EXPECT_EQ(target.task, Task::Classification);
    EXPECT_EQ(target.class_names, (std::vector<std::string>{"apple", "fig", "pear"}));
    EXPECT_EQ(encode_target(table, target), (Eigen::VectorXd(4) << 2, 0, 1, 0).finished());
}

// Numeric labels sort numerically (10 after 9) and are named by their shortest text.
TEST(TargetEncoding, SortsNumericLabelsNumerically) {
    const Table table = inline_table("y\n10\n9.0\n-1\n9\n");
    const TargetEncoding target = fit_target(table, 0);
    EXPECT_EQ(target.class_names, (std::vector<std::string>{"-1", "9", "10"}));
    EXPECT_EQ(encode_target(table, target), (Eigen::VectorXd(4) << 2, 1, 0, 1).finished());
}

// Non-integer numbers, or more distinct integers than max_classes, make a regression target.
TEST(TargetEncoding, ChoosesTaskAutomatically) {
    EXPECT_EQ(fit_target(inline_table("y\n1.5\n2\n"), 0).task, Task::Regression);
    EXPECT_EQ(fit_target(inline_table("y\n1\n2\n3\n"), 0, {}, 3).task, Task::Classification);
    EXPECT_EQ(fit_target(inline_table("y\n1\n2\n3\n"), 0, {}, 2).task, Task::Regression);
}

// A forced task overrides the automatic choice.
TEST(TargetEncoding, ForcedTaskWins) {
    const Table table = inline_table("y\n1.5\n2.25\n1.5\n");
    const TargetEncoding target = fit_target(table, 0, Task::Classification);
    EXPECT_EQ(target.class_names, (std::vector<std::string>{"1.5", "2.25"}));
    const TargetEncoding regression = fit_target(inline_table("y\n1\n2\n"), 0, Task::Regression);
    EXPECT_TRUE(regression.class_names.empty());
    EXPECT_EQ(encode_target(inline_table("y\n1\n2\n"), regression), (Eigen::VectorXd(2) << 1, 2).finished());
}

// A missing target value is reported at its line and column.
TEST(TargetEncoding, MissingValueNamesLine) {
    const Table table = read_csv(test::test_data("csv/target_missing.csv"));
    try {
        fit_target(table, 1);
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.line(), 3u);
        EXPECT_EQ(error.column(), 2u);
        const std::string message = error.what();
        EXPECT_NE(message.find("target_missing.csv:3"), std::string::npos) << message;
        EXPECT_NE(message.find("'y'"), std::string::npos) << message;
    }
}

// Forcing regression on a text column names the first cell that is not a number.
TEST(TargetEncoding, RegressionNeedsNumbers) {
    const Table table = read_csv(test::test_data("csv/non_numeric.csv"));
    try {
        fit_target(table, 1, Task::Regression);
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.line(), 4u);
        EXPECT_EQ(error.column(), 2u);
        const std::string message = error.what();
        EXPECT_NE(message.find("non_numeric.csv:4:2"), std::string::npos) << message;
        EXPECT_NE(message.find("value 'abc' in column 'y' is not a number; a regression target must be numeric"),
                  std::string::npos)
            << message;
    }
}

// Labels are matched by text, so a new table with other level order encodes consistently; unknown labels fail.
TEST(TargetEncoding, EncodesNewTablesByLabel) {
    const TargetEncoding target = fit_target(inline_table("y\nb\na\n"), 0);
    EXPECT_EQ(encode_target(inline_table("y\na\nb\na\n"), target), (Eigen::VectorXd(3) << 0, 1, 0).finished());
    try {
        encode_target(inline_table("y\na\nc\n"), target);
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.line(), 3u);
        EXPECT_NE(std::string(error.what()).find("'c'"), std::string::npos);
    }
}

// encode_target on a table without the target column lists the columns it has.
TEST(TargetEncoding, TargetColumnAbsent) {
    const TargetEncoding target = fit_target(inline_table("y\nb\na\n"), 0);
    try {
        encode_target(inline_table("x,z\n1,2\n"), target);
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("'y'"), std::string::npos) << message;
        EXPECT_NE(message.find("'x', 'z'"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace treelab
