#include <algorithm>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/data/target_encoding.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

const Column& column(const Table& table, const std::string& name) { return table.columns[table.column_index(name)]; }

// Glass reads with its quoted integer Type as a numeric target of six classes named as written.
TEST(ShippedDatasets, Glass) {
    const Table table = read_csv(test::dataset("glass.csv"));
    EXPECT_EQ(table.rows, 214u);
    ASSERT_EQ(table.columns.size(), 10u);
    const TargetEncoding target = fit_target(table, table.column_index("Type"));
    EXPECT_EQ(target.task, Task::Classification);
    EXPECT_EQ(target.class_names, (std::vector<std::string>{"1", "2", "3", "5", "6", "7"}));
    const Eigen::VectorXd y = encode_target(table, target);
    EXPECT_EQ(y(0), 0.0);
    EXPECT_EQ(y.maxCoeff(), 5.0);
}

// Breast cancer's Bare.nuclei has 16 missing values and stays numeric.
TEST(ShippedDatasets, BreastCancer) {
    const Table table = read_csv(test::dataset("breastcancer.csv"));
    EXPECT_EQ(table.rows, 699u);
    const Column& nuclei = column(table, "Bare.nuclei");
    EXPECT_EQ(nuclei.kind, ColumnKind::Numeric);
    EXPECT_EQ(nuclei.missing_count, 16u);
    const TargetEncoding target = fit_target(table, table.column_index("Class"));
    EXPECT_EQ(target.class_names, (std::vector<std::string>{"benign", "malignant"}));
}

// House votes are categorical columns with missing votes.
TEST(ShippedDatasets, HouseVotes) {
    const Table table = read_csv(test::dataset("housevotes84.csv"));
    EXPECT_EQ(table.rows, 435u);
    std::size_t missing = 0;
    for (const auto& votes : table.columns) {
        EXPECT_EQ(votes.kind, ColumnKind::Categorical) << votes.name;
        missing += votes.missing_count;
    }
    EXPECT_GT(missing, 0u);
    EXPECT_EQ(column(table, "V1").levels.size(), 2u);
}

// Servo has categorical Motor and Screw and an integer target with too many values to be classes.
TEST(ShippedDatasets, Servo) {
    const Table table = read_csv(test::dataset("servo.csv"));
    EXPECT_EQ(table.rows, 167u);
    EXPECT_EQ(column(table, "Motor").kind, ColumnKind::Categorical);
    EXPECT_EQ(column(table, "Screw").kind, ColumnKind::Categorical);
    EXPECT_EQ(column(table, "Pgain").kind, ColumnKind::Numeric);
    EXPECT_EQ(fit_target(table, table.column_index("Class")).task, Task::Regression);
}

// Letter recognition: 20000 rows, the first column holds the 26 letters.
TEST(ShippedDatasets, LetterRecognition) {
    const Table table = read_csv(test::dataset("letterrecognition.csv"));
    EXPECT_EQ(table.rows, 20000u);
    EXPECT_EQ(table.columns.size(), 17u);
    const TargetEncoding target = fit_target(table, 0);
    EXPECT_EQ(target.column, "lettr");
    ASSERT_EQ(target.class_names.size(), 26u);
    EXPECT_EQ(target.class_names.front(), "A");
    EXPECT_EQ(target.class_names.back(), "Z");
}

// The remaining shipped files read with a classification or regression target as expected.
TEST(ShippedDatasets, OthersRead) {
    const Table iris = read_csv(test::dataset("iris.csv"));
    EXPECT_EQ(iris.rows, 150u);
    EXPECT_EQ(fit_target(iris, iris.column_index("species")).class_names.size(), 3u);
    const Table diabetes = read_csv(test::dataset("diabetes.csv"));
    EXPECT_EQ(fit_target(diabetes, diabetes.column_index("progression")).task, Task::Regression);
    const Table wine = read_csv(test::dataset("wine.csv"));
    EXPECT_EQ(fit_target(wine, wine.column_index("cultivar")).class_names.size(), 3u);
    const Table wdbc = read_csv(test::dataset("wdbc.csv"));
    EXPECT_EQ(wdbc.rows, 569u);
}

}  // namespace
}  // namespace treelab
