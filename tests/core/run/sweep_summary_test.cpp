// Sweep summaries: mean and population std over seeds per value, against numbers worked by hand.
#include <gtest/gtest.h>

#include "core/run/sweep_summary.h"

namespace treelab {
namespace {

SweepRow row(const std::string& value, std::uint32_t seed, double train_accuracy, double test_accuracy, int active) {
    SweepRow row;
    row.value = value;
    row.seed = seed;
    row.train = {{"accuracy", train_accuracy}};
    row.test = {{"accuracy", test_accuracy}};
    row.tree.active_nodes = active;
    return row;
}

// mean_std divides by n: {2, 4, 4, 4, 5, 5, 7, 9} has mean 5 and std 2.
TEST(SweepSummary, PopulationStandardDeviation) {
    const std::vector<double> values = {2, 4, 4, 4, 5, 5, 7, 9};
    const MeanStd result = mean_std(values);
    EXPECT_DOUBLE_EQ(result.mean, 5.0);
    EXPECT_DOUBLE_EQ(result.std, 2.0);
    EXPECT_EQ(result.count, 8);
    EXPECT_EQ(mean_std({}).count, 0);
}

// Rows group by value in order of first appearance, whichever order the seeds came in.
TEST(SweepSummary, GroupsSeedsPerValue) {
    // Seed-major order, as a retraining sweep produces it.
    const std::vector<SweepRow> rows = {row("0.1", 1, 0.9, 0.6, 7), row("0.01", 1, 1.0, 0.5, 11),
                                        row("0.1", 2, 0.7, 0.8, 3), row("0.01", 2, 1.0, 0.7, 13)};
    const std::vector<SweepPoint> points = summarize_sweep(rows);
    ASSERT_EQ(points.size(), 2u);
    EXPECT_EQ(points[0].value, "0.1");
    EXPECT_EQ(points[0].rows, (std::vector<std::size_t>{0, 2}));
    EXPECT_DOUBLE_EQ(points[0].train.at("accuracy").mean, 0.8);   // (0.9 + 0.7) / 2
    EXPECT_NEAR(points[0].train.at("accuracy").std, 0.1, 1e-12);  // |0.9 - 0.8|
    EXPECT_DOUBLE_EQ(points[0].test.at("accuracy").mean, 0.7);
    EXPECT_NEAR(points[0].test.at("accuracy").std, 0.1, 1e-12);
    EXPECT_DOUBLE_EQ(points[0].active_nodes.mean, 5.0);
    EXPECT_DOUBLE_EQ(points[0].active_nodes.std, 2.0);
    EXPECT_TRUE(points[0].valid.empty()) << "no validation scores, no validation summary";

    EXPECT_EQ(points[1].value, "0.01");
    EXPECT_EQ(points[1].rows, (std::vector<std::size_t>{1, 3}));
    EXPECT_DOUBLE_EQ(points[1].train.at("accuracy").std, 0.0);
    EXPECT_DOUBLE_EQ(points[1].active_nodes.mean, 12.0);
    EXPECT_DOUBLE_EQ(points[1].active_nodes.std, 1.0);
}

}  // namespace
}  // namespace treelab
