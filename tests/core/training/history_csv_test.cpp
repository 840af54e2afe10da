// history_csv: the training curve as the CLI writes it (core/training/history_csv.h).
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
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

// Reports written by history_csv read back as the same points: every field, NaN as NaN (an empty
// cell), names with a comma (quoted), starts 0-based again, heartbeats skipped.
TEST(HistoryCsv, ReadsBackWhatItWrites) {
    std::vector<EpochReport> reports(4);
    const std::string schedule = "scale factor α, stage";
    for (int k = 0; k < 4; ++k) {
        EpochReport& report = reports[static_cast<std::size_t>(k)];
        report.start = k / 2;
        report.epoch = k % 2 + 1;
        report.step = 10 * k;
        report.loss_queries = k == 0 ? -1 : 40 * k;
        report.train_loss = 1.0 / (k + 3);
        report.valid_loss = k == 1 ? std::numeric_limits<double>::quiet_NaN() : 0.1 + 0.2 * k;
        report.metric = "accuracy";
        report.train_metric = 0.5 + k / 7.0;
        report.valid_metric = 0.25 * k;
        report.active_nodes = k == 2 ? -1 : 7 - k;
        report.schedule_name = schedule;
        report.schedule_value = k == 3 ? std::numeric_limits<double>::quiet_NaN() : 12.5 * k;
    }
    reports[2].heartbeat = true;
    const std::vector<HistoryPoint> read = read_history_csv(history_csv(reports), "h.csv");
    const std::vector<HistoryPoint> expected = history_points(reports);
    ASSERT_EQ(read.size(), 3u);
    ASSERT_EQ(expected.size(), 3u);
    for (std::size_t k = 0; k < read.size(); ++k) {
        SCOPED_TRACE("point " + std::to_string(k));
        const HistoryPoint &a = read[k], &b = expected[k];
        EXPECT_EQ(a.start, b.start);
        EXPECT_EQ(a.epoch, b.epoch);
        EXPECT_EQ(a.step, b.step);
        EXPECT_EQ(a.loss_queries, b.loss_queries);
        EXPECT_EQ(a.metric, "accuracy");
        EXPECT_EQ(a.schedule_name, schedule);
        EXPECT_EQ(a.active_nodes, b.active_nodes);
        for (auto [x, y] : {std::pair{a.train_loss, b.train_loss}, {a.valid_loss, b.valid_loss}, {a.train_metric, b.train_metric},
                            {a.valid_metric, b.valid_metric}, {a.schedule_value, b.schedule_value}})
            EXPECT_TRUE(x == y || (std::isnan(x) && std::isnan(y))) << x << " vs " << y;
    }
    EXPECT_EQ(read[2].start, 1);
    EXPECT_TRUE(std::isnan(read[1].valid_loss));
    EXPECT_TRUE(read_history_csv(history_csv({}), "h.csv").empty());
}

// Another file, a short line or a word where a number belongs is refused with the file and line.
TEST(HistoryCsv, ReadingRefusesWhatItDidNotWrite) {
    const auto message = [](const std::string& text) {
        try {
            read_history_csv(text, "h.csv");
        } catch (const DataError& error) {
            return std::string(error.what());
        }
        return std::string("(no error)");
    };
    EXPECT_NE(message("value,seed,test_accuracy\n").find("not a training history"), std::string::npos);
    const std::string header = kHeader;
    EXPECT_NE(message(header + "1,1,1\n").find("h.csv:2: "), std::string::npos) << message(header + "1,1,1\n");
    const std::string bad = header + "1,1,5,,0.5,0.4,accuracy,high,0.5,,,\n";
    EXPECT_NE(message(bad).find("'high' is not a number"), std::string::npos) << message(bad);
}

}  // namespace
}  // namespace treelab
