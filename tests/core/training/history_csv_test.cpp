// history_csv: the training curve as the CLI writes it (core/training/history_csv.h).
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/training/history_csv.h"

namespace treelab {
namespace {

constexpr const char* kHeader =
    "start,epoch,step,loss_queries,train_loss,valid_loss,metric,train_metric,valid_metric,active_nodes,"
    "schedule_name,schedule_value\n";

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) result.push_back(line);
    return result;
}

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> result;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) result.push_back(cell);
    if (!line.empty() && line.back() == ',') result.emplace_back();
    return result;
}

// A report with every field set: the start is written 1-based (as --start counts), counts as
// integers, names as they are, numbers in full.
TEST(HistoryCsv, WritesEveryFieldOfAReport) {
    EpochReport report;
    report.start = 1;
    report.epoch = 7;
    report.step = 70;
    report.loss_queries = 280;
    report.train_loss = 0.5;
    report.valid_loss = 0.25;
    report.metric = "accuracy";
    report.train_metric = 0.75;
    report.valid_metric = 1.0;
    report.active_nodes = 5;
    report.schedule_name = "scale factor α";
    report.schedule_value = 12.5;
    EXPECT_EQ(history_csv({report}), std::string(kHeader) + "2,7,70,280,0.5,0.25,accuracy,0.75,1,5,scale factor α,12.5\n");
}

// What a learner did not compute (-1 counts, NaN values, no metric, no schedule) is an empty cell,
// so every row has the header's twelve cells.
TEST(HistoryCsv, NotComputedValuesAreEmptyCells) {
    EpochReport report;
    report.epoch = 3;
    report.step = 30;
    report.train_loss = 0.5;
    report.valid_loss = report.train_metric = report.valid_metric = std::numeric_limits<double>::quiet_NaN();
    const std::vector<std::string> rows = lines(history_csv({report}));
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1], "1,3,30,,0.5,,,,,,,");
    EXPECT_EQ(cells(rows[1]).size(), cells(rows[0]).size());
}

// Losses and metrics read back as the very doubles the run reported.
TEST(HistoryCsv, NumbersRoundTripExactly) {
    const std::vector<double> values = {0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0 * 1e-7, 123456.78901234567};
    EpochReport report;
    report.train_loss = values[0];
    report.valid_loss = values[1];
    report.train_metric = values[2];
    report.valid_metric = values[3];
    const std::vector<std::string> row = cells(lines(history_csv({report}))[1]);
    EXPECT_EQ(std::strtod(row[4].c_str(), nullptr), values[0]) << row[4];
    EXPECT_EQ(std::strtod(row[5].c_str(), nullptr), values[1]) << row[5];
    EXPECT_EQ(std::strtod(row[7].c_str(), nullptr), values[2]) << row[7];
    EXPECT_EQ(std::strtod(row[8].c_str(), nullptr), values[3]) << row[8];
}

// Heartbeats are no curve points; a run without epochs (CART) gives the header alone.
TEST(HistoryCsv, SkipsHeartbeatsAndKeepsTheOrder) {
    EpochReport first, heartbeat, second;
    first.epoch = 1;
    heartbeat.epoch = 2;
    heartbeat.heartbeat = true;
    second.epoch = 2;
    second.start = 1;
    const std::vector<std::string> rows = lines(history_csv({first, heartbeat, second}));
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[1].substr(0, 4), "1,1,");
    EXPECT_EQ(rows[2].substr(0, 4), "2,2,");
    EXPECT_EQ(history_csv({}), kHeader);
}

}  // namespace
}  // namespace treelab
