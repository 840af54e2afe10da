// `treelab-cli project list|export-model` on a saved project.
#include <gtest/gtest.h>

#include <string>

#include "core/model/model_file.h"
#include "core/project/project_file.h"
#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

TEST(CliProject, ListShowsDataRunsSweepsAndComparisons) {
    const test::TempDir dir;
    const Project& project = test::small_project();
    save_project(project, dir.file("p.treelab"));
    const test::CommandResult result = test::run_cli("project list " + dir.file("p.treelab").string(), dir);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    char accuracy[32];
    std::snprintf(accuracy, sizeof accuracy, "%.4g", project.runs[0].outcome.test_scores.at("accuracy"));
    const std::string expected_runs = "runs: 3\n  1  CART 1  CART  test accuracy " + std::string(accuracy) + "\n";
    EXPECT_NE(result.out.find("data: " + test::dataset("glass.csv").string() + " (unchanged)\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find(expected_runs), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("  2  GradTree 1  GradTree  test accuracy "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("(shown)"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("sweeps: 1\n  1  CART max_depth = 1, 2 × 1 seed: 2 rows\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("comparisons: 1\n  1  1 data set (iris) × 1 contender (CART), 3-fold: 3 cells\n"), std::string::npos)
        << result.out;
}

// By number and by name, as JSON (the run's model, which predicts as the run's) or as an export.
TEST(CliProject, ExportModelByNumberAndName) {
    const test::TempDir dir;
    const Project& project = test::small_project();
    save_project(project, dir.file("p.treelab"));
    const std::string file = dir.file("p.treelab").string();
    ASSERT_EQ(test::run_cli("project export-model " + file + " 2 --out " + dir.file("two.json").string(), dir).exit_code, 0);
    EXPECT_EQ(model_to_json(load_model(dir.file("two.json"))), model_to_json(project.runs[1].outcome.model));
    const test::CommandResult by_name = test::run_cli("project export-model " + file + " 'CART 1' --out " + dir.file("cart.json").string(), dir);
    ASSERT_EQ(by_name.exit_code, 0) << by_name.err;
    EXPECT_EQ(by_name.out, "wrote the model of run 'CART 1' to " + dir.file("cart.json").string() + "\n");

    // The exported model predicts what the run's own model predicts.
    save_model(project.runs[0].outcome.model, dir.file("run.json"));
    const std::string data = " --data " + test::dataset("glass.csv").string() + " --out ";
    ASSERT_EQ(test::run_cli("predict --model " + dir.file("cart.json").string() + data + dir.file("exported.csv").string(), dir).exit_code, 0);
    ASSERT_EQ(test::run_cli("predict --model " + dir.file("run.json").string() + data + dir.file("run.csv").string(), dir).exit_code, 0);
    EXPECT_FALSE(test::read_file(dir.file("exported.csv")).empty());
    EXPECT_EQ(test::read_file(dir.file("exported.csv")), test::read_file(dir.file("run.csv")));

    ASSERT_EQ(test::run_cli("project export-model " + file + " 1 --format dot --out " + dir.file("cart.dot").string(), dir).exit_code, 0);
    EXPECT_NE(test::read_file(dir.file("cart.dot")).find("digraph Tree {"), std::string::npos);
}

TEST(CliProject, BadRunListsTheRunsAndBadFilesAreRefused) {
    const test::TempDir dir;
    save_project(test::small_project(), dir.file("p.treelab"));
    const std::string file = dir.file("p.treelab").string();
    for (const std::string run : {"4", "0", "CART"}) {
        const test::CommandResult result = test::run_cli("project export-model " + file + " " + run + " --out " + dir.file("m.json").string(), dir);
        EXPECT_EQ(result.exit_code, 2) << run;
        EXPECT_NE(result.err.find("no run '" + run + "' in " + file + "; give its number or its name:\n  1  CART 1\n  2  GradTree 1\n  3  opened model"),
                  std::string::npos)
            << result.err;
        EXPECT_FALSE(std::filesystem::exists(dir.file("m.json")));
    }
    save_model(test::small_project().runs[0].outcome.model, dir.file("model.json"));
    const test::CommandResult model = test::run_cli("project list " + dir.file("model.json").string(), dir);
    EXPECT_EQ(model.exit_code, 3);
    EXPECT_NE(model.err.find("is a TreeLab model, not a project; open it with File > Open model"), std::string::npos) << model.err;
}

}  // namespace
}  // namespace treelab
