// treelab-cli train --start K: a start's tree in place of the run's choice.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

std::string get_on_iris() {
    return "train --data " + test::dataset("iris.csv").string() +
           " --target species --method get --param depth=2 --param 'schedule=U(5,25):8,U(50,150):8' --param starts=3 --seed 3";
}

// --start K saves and prints start K's tree: the JSON names it, the model's command carries
// --start K and reproduces the same scores.
TEST(CliStart, SavesTheStartsTree) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string();
    const CommandResult winner = run_cli(get_on_iris() + " --json", dir);
    ASSERT_EQ(winner.exit_code, 0) << winner.err;
    const CommandResult picked = run_cli(get_on_iris() + " --start 2 --json --model-out " + model, dir);
    ASSERT_EQ(picked.exit_code, 0) << picked.err;
    const nlohmann::json out = nlohmann::json::parse(picked.out);
    EXPECT_EQ(out["start"], 2);
    EXPECT_FALSE(nlohmann::json::parse(winner.out).contains("start"));

    std::ifstream file(model);
    const std::string command = nlohmann::json::parse(file)["run_card"]["command_line"].get<std::string>();
    ASSERT_NE(command.find(" --start 2"), std::string::npos) << command;
    const CommandResult again = run_cli(command.substr(std::string("treelab-cli ").size()) + " --json", dir);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(nlohmann::json::parse(again.out)["metrics"], out["metrics"]);

    const CommandResult summary = run_cli(get_on_iris() + " --start 2", dir);
    ASSERT_EQ(summary.exit_code, 0) << summary.err;
    EXPECT_NE(summary.out.find("kept the tree of start 2 of 3"), std::string::npos) << summary.out;
}

// A start the run did not make is a usage error naming the range; so is a method without starts.
TEST(CliStart, RefusesStartsOutOfRange) {
    test::TempDir dir;
    CommandResult result = run_cli(get_on_iris() + " --start 4", dir);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("there is no start 4: the run made 3 starts (1 to 3)"), std::string::npos) << result.err;

    result = run_cli(get_on_iris() + " --start 0", dir);
    EXPECT_EQ(result.exit_code, 2) << "starts count from 1";

    result = run_cli("train --data " + test::dataset("iris.csv").string() + " --target species --method cart --start 1", dir);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find("no starts"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace treelab
