// read_sweep_csv: a sweep's CSV read back into its rows.
#include "core/run/sweep_csv_reader.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace treelab {
namespace {

std::vector<SweepRow> sample_rows() {
    std::vector<SweepRow> rows(4);
    const std::vector<std::string> values = {"0", "0.001", "U(80,120)", "0.1"};
    for (std::size_t k = 0; k < rows.size(); ++k) {
        SweepRow& row = rows[k];
        row.value = values[k];
        row.seed = static_cast<std::uint32_t>(1225 + k % 2);
        row.train = {{"accuracy", 0.5 + 0.1 * static_cast<double>(k)}, {"log_loss", 1.0 / (static_cast<double>(k) + 3)}};
        row.test = {{"accuracy", 0.4 + 0.05 * static_cast<double>(k)}};
        if (k != 2) row.valid = {{"accuracy", 0.3}};  // a row without validation scores leaves its cells empty
        row.tree = {static_cast<int>(k) + 1, 7, 4, 6, static_cast<int>(k), 1};
    }
    return rows;
}

// Every value (one holding a comma), seed, score and tree size of sweep_to_csv's text reads back.
TEST(SweepCsvReader, ReadsBackWhatASweepWrites) {
    const std::vector<SweepRow> rows = sample_rows();
    const SweepTable table = read_sweep_csv(sweep_to_csv("schedule[2].alpha", rows), "sweep.csv");
    EXPECT_EQ(table.param, "schedule[2].alpha");
    ASSERT_EQ(table.rows.size(), rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) {
        SCOPED_TRACE("row " + std::to_string(k));
        EXPECT_EQ(table.rows[k].index, k);
        EXPECT_EQ(table.rows[k].value, rows[k].value);
        EXPECT_EQ(table.rows[k].seed, rows[k].seed);
        EXPECT_EQ(table.rows[k].train, rows[k].train);
        EXPECT_EQ(table.rows[k].valid, rows[k].valid);
        EXPECT_EQ(table.rows[k].test, rows[k].test);
        const TreeStats &a = table.rows[k].tree, &b = rows[k].tree;
        EXPECT_EQ(std::tie(a.depth, a.nodes, a.leaves, a.active_nodes, a.empty_nodes, a.pruned_nodes),
                  std::tie(b.depth, b.nodes, b.leaves, b.active_nodes, b.empty_nodes, b.pruned_nodes));
    }
}

// A training history, a line with a missing cell and a word for a score are refused, naming the file.
TEST(SweepCsvReader, RefusesOtherFiles) {
    const auto message = [](const std::string& text) {
        try {
            read_sweep_csv(text, "s.csv");
        } catch (const DataError& error) {
            return std::string(error.what());
        }
        return std::string("(no error)");
    };
    EXPECT_NE(message("start,epoch,step,loss_queries,train_loss,valid_loss,metric,train_metric,valid_metric,active_nodes,"
                      "schedule_name,schedule_value\n1,1,1,,0.5,,,,,,,\n")
                  .find("s.csv:1: this is not a sweep's CSV"),
              std::string::npos);
    std::string csv = sweep_to_csv("lambda", sample_rows());
    const std::string header = csv.substr(0, csv.find('\n') + 1);
    EXPECT_NE(message(header + "0.1,1\n").find("s.csv:2: "), std::string::npos);
    std::string row = csv.substr(header.size(), csv.find('\n', header.size()) - header.size());
    row.replace(row.find(',', row.find(',') + 1) + 1, 3, "abc");  // the first score's first characters
    EXPECT_NE(message(header + row + "\n").find("is not a number"), std::string::npos) << message(header + row + "\n");
}

}  // namespace
}  // namespace treelab
