// `treelab-cli importance`: the ranking a user reads is core's permutation or impurity importance
// of the saved model, largest first.
#include <gtest/gtest.h>

#include <numeric>

#include <nlohmann/json.hpp>

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
#include "core/importance/impurity_importance.h"
#include "core/importance/permutation_importance.h"
#include "core/model/model_file.h"
#include "tests/app/cli/cli_runner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

std::string glass() { return test::dataset("glass.csv").string(); }

std::string train_cart(const test::TempDir& dir) {
    const std::string model = dir.file("cart.json").string();
    const test::CommandResult train =
        test::run_cli("train --data " + glass() + " --target Type --method cart --param max_depth=4 --model-out " + model, dir);
    EXPECT_EQ(train.exit_code, 0) << train.err;
    return model;
}

// --json lists every input column once, largest mean first, with the mean, std and drops that
// permutation_importance gives for the saved model on the file's rows at that seed and repeats.
TEST(CliImportance, PermutationJsonIsCoresResultSorted) {
    test::TempDir dir;
    const std::string model_file = train_cart(dir);
    const test::CommandResult run =
        test::run_cli("importance --model " + model_file + " --data " + glass() + " --repeats 3 --seed 7 --json", dir);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json out = nlohmann::json::parse(run.out);

    const ModelFile model = load_model(model_file);
    const Table table = read_csv(glass());
    RowIndices rows(table.rows);
    std::iota(rows.begin(), rows.end(), Eigen::Index{0});
    const Dataset labelled = encode_dataset(table, model.pipeline, model.target);
    const PermutationImportance expected = permutation_importance(model.tree, model.pipeline, table, rows, labelled.y, 3, 7);

    EXPECT_EQ(out["kind"], "permutation");
    EXPECT_EQ(out["score"], "accuracy");
    EXPECT_EQ(out["repeats"], 3);
    EXPECT_DOUBLE_EQ(out["baseline"].get<double>(), expected.baseline);
    const nlohmann::json& listed = out["importances"];
    ASSERT_EQ(listed.size(), expected.columns.size());
    for (std::size_t k = 0; k < listed.size(); ++k) {
        const auto j = static_cast<Eigen::Index>(std::find(expected.columns.begin(), expected.columns.end(),
                                                           listed[k]["column"].get<std::string>()) - expected.columns.begin());
        ASSERT_LT(j, static_cast<Eigen::Index>(expected.columns.size()));
        EXPECT_DOUBLE_EQ(listed[k]["mean"].get<double>(), expected.mean(j));
        EXPECT_DOUBLE_EQ(listed[k]["std"].get<double>(), expected.std(j));
        EXPECT_EQ(listed[k]["drops"].size(), 3u);
        if (k > 0) {
            EXPECT_GE(listed[k - 1]["mean"].get<double>(), listed[k]["mean"].get<double>());
        }
    }
    EXPECT_GT(listed[0]["mean"].get<double>(), 0.0);
}

// --kind impurity reads the model alone and ranks its features by CART's impurity importance; the
// table names the most important feature on its first row.
TEST(CliImportance, ImpurityRanksTheModelsFeatures) {
    test::TempDir dir;
    const std::string model_file = train_cart(dir);
    const Eigen::VectorXd expected = impurity_importance(load_model(model_file).tree);
    const test::CommandResult json = test::run_cli("importance --model " + model_file + " --kind impurity --json", dir);
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const nlohmann::json listed = nlohmann::json::parse(json.out)["importances"];
    ASSERT_EQ(listed.size(), static_cast<std::size_t>(expected.size()));
    Eigen::Index top = 0;
    expected.maxCoeff(&top);
    EXPECT_DOUBLE_EQ(listed[0]["importance"].get<double>(), expected(top));
    double total = 0.0;
    for (const nlohmann::json& row : listed) total += row["importance"].get<double>();
    EXPECT_NEAR(total, 1.0, 1e-12);

    const test::CommandResult text = test::run_cli("importance --model " + model_file + " --kind impurity", dir);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    const std::string first_row = text.out.substr(text.out.find('\n', text.out.find("importance\n")) + 1);
    EXPECT_EQ(first_row.substr(0, first_row.find(' ')), listed[0]["feature"].get<std::string>()) << text.out;
}

// Permutation without --data, a kind it does not know and no repeat are usage errors (exit 2).
TEST(CliImportance, UsageErrors) {
    test::TempDir dir;
    const std::string model_file = train_cart(dir);
    EXPECT_EQ(test::run_cli("importance --model " + model_file, dir).exit_code, 2);
    EXPECT_EQ(test::run_cli("importance --model " + model_file + " --data " + glass() + " --kind gain", dir).exit_code, 2);
    EXPECT_EQ(test::run_cli("importance --model " + model_file + " --data " + glass() + " --repeats 0", dir).exit_code, 2);
}

// --threads caps the threads that shuffle the columns (one column per task) and changes nothing in
// the ranking: one thread and two print the same JSON, byte for byte.
TEST(CliImportance, RanksTheSameForAnyThreadCount) {
    test::TempDir dir;
    const std::string model_file = train_cart(dir);
    std::string printed[2];
    for (const int threads : {1, 2}) {
        const test::CommandResult run = test::run_cli(
            "importance --model " + model_file + " --data " + glass() + " --repeats 2 --seed 3 --json --threads " + std::to_string(threads), dir);
        ASSERT_EQ(run.exit_code, 0) << run.err;
        printed[threads - 1] = run.out;
    }
    EXPECT_NE(printed[0].find("\"importances\""), std::string::npos) << printed[0];
    EXPECT_EQ(printed[0], printed[1]);
}

}  // namespace
}  // namespace treelab
