// treelab-cli train --history FILE.csv: the training curve of a run, one row per epoch or evaluation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

constexpr const char* kHeader =
    "start,epoch,step,loss_queries,train_loss,valid_loss,metric,train_metric,valid_metric,active_nodes,"
    "schedule_name,schedule_value";

std::string dgt_on_iris() {
    return "train --data " + test::dataset("iris.csv").string() + " --target species --method dgt --param height=2";
}

// The file's lines, each split at commas (these runs write no quoted cells), the header first.
std::vector<std::vector<std::string>> read_rows(const std::filesystem::path& file, std::string& header) {
    std::ifstream in(file);
    std::getline(in, header);
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cells;
        std::istringstream fields(line + ',');  // the trailing comma keeps a last empty cell
        for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

double number(const std::string& cell) {
    char* end = nullptr;
    const double value = std::strtod(cell.c_str(), &end);
    EXPECT_FALSE(cell.empty() || *end != '\0') << "not a number: '" << cell << "'";
    return value;
}

// A supervised DGT run of 5 epochs writes 5 rows, epochs 1 to 5 of start 1, with finite losses
// and accuracies and no loss queries; --json output stays one JSON object.
TEST(CliHistory, SupervisedRunHasOneRowPerEpoch) {
    test::TempDir dir;
    const auto file = dir.file("history.csv");
    const CommandResult result = run_cli(dgt_on_iris() + " --param epochs=5 --json --history " + file.string(), dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(nlohmann::json::parse(result.out)["method"], "dgt") << "stdout stays one JSON object";
    std::string header;
    const auto rows = read_rows(file, header);
    EXPECT_EQ(header, kHeader);
    ASSERT_EQ(rows.size(), 5u);
    for (std::size_t k = 0; k < rows.size(); ++k) {
        SCOPED_TRACE("row " + std::to_string(k + 1));
        const std::vector<std::string>& row = rows[k];
        ASSERT_EQ(row.size(), 12u);
        EXPECT_EQ(row[0], "1");
        EXPECT_EQ(row[1], std::to_string(k + 1));
        EXPECT_EQ(row[3], "") << "supervised DGT counts no loss queries";
        EXPECT_TRUE(std::isfinite(number(row[4])));
        EXPECT_TRUE(std::isfinite(number(row[5])));
        EXPECT_EQ(row[6], "accuracy");
        EXPECT_TRUE(number(row[8]) >= 0.0 && number(row[8]) <= 1.0) << row[8];
    }
}

// Under bandit feedback every row is an evaluation after 5 rounds of 4 rows, each row one loss
// query: the loss_queries column grows strictly, by 20, up to the budget of 2 passes over the 90
// training rows.
TEST(CliHistory, BanditLossQueriesIncreaseStrictly) {
    test::TempDir dir;
    const auto file = dir.file("bandit.csv");
    const CommandResult result = run_cli(dgt_on_iris() + " --param feedback=bandit --param passes=2 --param evaluate_every=5 "
                                         "--history " + file.string(), dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("history saved to " + file.string() + " (9 rows)"), std::string::npos) << result.out;
    std::string header;
    const auto rows = read_rows(file, header);
    ASSERT_EQ(rows.size(), 9u);
    double previous = 0.0;
    for (const std::vector<std::string>& row : rows) {
        const double queries = number(row[3]);
        EXPECT_GT(queries, previous);
        previous = queries;
        EXPECT_TRUE(std::isfinite(number(row[8]))) << "validation accuracy at " << row[3] << " queries";
    }
    EXPECT_EQ(rows.front()[3], "20");
    EXPECT_EQ(rows.back()[3], "180");
}

// CART grows its tree without epochs: the file holds the header alone, so a script reading the
// columns still works, and the summary says so.
TEST(CliHistory, CartWritesTheHeaderAlone) {
    test::TempDir dir;
    const auto file = dir.file("cart.csv");
    const CommandResult result =
        run_cli("train --data " + test::dataset("iris.csv").string() + " --target species --history " + file.string(), dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("(header only: no epochs)"), std::string::npos) << result.out;
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), std::string(kHeader) + "\n");
}

// A history file that cannot be written is a file error (exit code 3) naming it, as --model-out,
// found before training: nothing is trained or written, not even a model file that could be.
TEST(CliHistory, UnwritablePathIsAFileErrorBeforeTraining) {
    test::TempDir dir;
    const auto file = dir.file("no/such/dir/history.csv"), model = dir.file("model.json");
    const CommandResult result =
        run_cli(dgt_on_iris() + " --param epochs=2 --model-out " + model.string() + " --history " + file.string(), dir);
    EXPECT_EQ(result.exit_code, 3);
    EXPECT_NE(result.err.find("cannot write " + file.string() + ": the folder"), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(file));
    EXPECT_FALSE(std::filesystem::exists(model));
    EXPECT_EQ(result.out.find("trained in"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace treelab
