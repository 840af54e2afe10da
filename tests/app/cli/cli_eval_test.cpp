// treelab-cli eval: the per-class table, the ranking areas and the residual summary of --json.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

using test::CommandResult;
using test::run_cli;

nlohmann::json eval_json(const std::string& data, const std::string& target, const test::TempDir& dir) {
    const std::string model = dir.file("m.json").string(), file = test::dataset(data).string();
    const CommandResult train = run_cli("train --data " + file + " --target " + target + " --param max_depth=3 --model-out " + model, dir);
    EXPECT_EQ(train.exit_code, 0) << train.err;
    const CommandResult eval = run_cli("eval --model " + model + " --data " + file + " --json", dir);
    EXPECT_EQ(eval.exit_code, 0) << eval.err;
    return nlohmann::json::parse(eval.out);
}

// On glass: one row per class in the file's order with its support, the per-class F1 averaging to
// macro_f1, the per-class ROC AUC averaging to roc_auc (the macro one-vs-rest area) and the new
// scores among the metrics.
TEST(CliEval, ClassificationJsonHasPerClassTableAndAreas) {
    test::TempDir dir;
    const nlohmann::json out = eval_json("glass.csv", "Type", dir);
    const nlohmann::json& metrics = out.at("metrics");
    for (const char* name : {"accuracy", "balanced_accuracy", "macro_f1", "cohen_kappa", "log_loss", "roc_auc"})
        EXPECT_TRUE(metrics.contains(name)) << name;
    const nlohmann::json& rows = out.at("per_class");
    ASSERT_EQ(rows.size(), 6u);
    const std::array<const char*, 6> names{"1", "2", "3", "5", "6", "7"};
    const std::array<int, 6> supports{70, 76, 17, 13, 9, 29};
    double f1 = 0, auc = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        EXPECT_EQ(rows[k].at("class"), names[k]);
        EXPECT_EQ(rows[k].at("support").get<int>(), supports[k]);
        f1 += rows[k].at("f1").get<double>() / 6;
        auc += rows[k].at("roc_auc").get<double>() / 6;
    }
    EXPECT_NEAR(f1, metrics.at("macro_f1").get<double>(), 1e-12);
    EXPECT_NEAR(auc, metrics.at("roc_auc").get<double>(), 1e-12);
    EXPECT_DOUBLE_EQ(out.at("roc_auc").at("macro").get<double>(), metrics.at("roc_auc").get<double>());
    for (const char* average : {"macro", "weighted", "micro"}) {
        EXPECT_GT(out.at("roc_auc").at(average).get<double>(), 0.5) << average;
        EXPECT_GT(out.at("average_precision").at(average).get<double>(), 0.0) << average;
    }
    EXPECT_FALSE(out.contains("residuals"));
}

// On diabetes: the residual summary agrees with the scores (mean² + std² = MSE for the population
// std, the largest absolute residual at least the MAE, quartiles in order).
TEST(CliEval, RegressionJsonHasResidualSummary) {
    test::TempDir dir;
    const nlohmann::json out = eval_json("diabetes.csv", "progression", dir);
    const nlohmann::json& residuals = out.at("residuals");
    const double mean = residuals.at("mean").get<double>(), std = residuals.at("std").get<double>();
    test::expect_near_rel(mean * mean + std * std, out.at("metrics").at("mse").get<double>(), 1e-10);
    EXPECT_GE(residuals.at("max_abs").get<double>(), out.at("metrics").at("mae").get<double>());
    EXPECT_EQ(residuals.at("count").get<int>(), 442);
    double previous = -INFINITY;
    for (const char* name : {"min", "q1", "median", "q3", "max"}) {
        EXPECT_GE(residuals.at(name).get<double>(), previous) << name;
        previous = residuals.at(name).get<double>();
    }
    EXPECT_FALSE(out.contains("per_class"));
}

// --threads caps the threads that read the data and score the model and changes nothing in what
// eval prints: one thread and two give the same JSON, byte for byte; 0 is refused naming the option.
TEST(CliEval, ScoresTheSameForAnyThreadCount) {
    test::TempDir dir;
    const std::string model = dir.file("m.json").string(), file = test::dataset("glass.csv").string();
    const CommandResult train = run_cli("train --data " + file + " --target Type --param max_depth=4 --model-out " + model, dir);
    ASSERT_EQ(train.exit_code, 0) << train.err;
    std::string printed[2];
    for (const int threads : {1, 2}) {
        const CommandResult eval = run_cli("eval --model " + model + " --data " + file + " --json --threads " + std::to_string(threads), dir);
        ASSERT_EQ(eval.exit_code, 0) << eval.err;
        printed[threads - 1] = eval.out;
    }
    EXPECT_NE(printed[0].find("\"accuracy\""), std::string::npos) << printed[0];
    EXPECT_EQ(printed[0], printed[1]);
    const CommandResult refused = run_cli("eval --model " + model + " --data " + file + " --threads 0", dir);
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.err.find("--threads"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace treelab
