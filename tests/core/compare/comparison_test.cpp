// The comparison engine: CART's cross-validated scores equal scikit-learn's cross_val_score, cells
// are the same whatever the thread count, failures stay in their cells, a stop keeps finished
// cells, and shards merge into the whole.
#include "core/compare/comparison.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/compare/comparison_csv.h"
#include "core/compare/comparison_summary.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

RunConfig data_set(const std::string& file, const std::string& target) {
    RunConfig config;
    config.data_file = test::dataset(file);
    config.target = target;
    return config;
}

Contender quick(const std::string& method) { return make_contender(method, find_learner(method).quick_params); }

ComparisonConfig iris_config(const std::string& resampling) {
    ComparisonConfig config;
    config.data_sets = {data_set("iris.csv", "species")};
    config.contenders = {make_contender("cart", {}), quick("get")};
    config.resampling = parse_resampling(resampling);
    return config;
}

class CartCrossValScore : public testing::TestWithParam<std::string> {};

// Every fold's CART test accuracy (R² and MSE for diabetes) equals scikit-learn 1.2.1's
// cross_val_score(DecisionTreeClassifier(random_state=0)) on the same folds, for 10-fold and
// 10×3-fold at two seeds.
TEST_P(CartCrossValScore, EqualsScikitLearn) {
    std::ifstream in(test::fixture("folds/" + GetParam() + ".json"));
    const nlohmann::json fixture = nlohmann::json::parse(in);
    ComparisonConfig config;
    config.data_sets = {data_set(fixture["dataset"].get<std::string>(), fixture["target"].get<std::string>())};
    config.contenders = {make_contender("cart", {})};
    for (const nlohmann::json& scheme : fixture["schemes"]) {
        config.resampling.folds = scheme["folds"].get<int>();
        config.resampling.repeats = scheme["repeats"].get<int>();
        config.seed = scheme["seed"].get<std::uint32_t>();
        const ComparisonResult result = run_comparison(config);
        const bool classification = fixture["task"] == "classification";
        const auto expected = scheme[classification ? "cart_accuracy" : "cart_r2"].get<std::vector<double>>();
        ASSERT_EQ(result.cells.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const ComparisonCell& cell = result.cells[i];
            ASSERT_TRUE(cell.error.empty()) << cell.error;
            EXPECT_NEAR(cell.test.at(classification ? "accuracy" : "r2"), expected[i], 1e-12)
                << GetParam() << " seed " << config.seed << " " << resampling_spec(config.resampling) << " cell " << i;
            if (!classification) test::expect_near_rel(cell.test.at("mse"), scheme["cart_mse"][i].get<double>(), 1e-12);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Datasets, CartCrossValScore, testing::Values("iris", "wine", "glass", "wdbc", "diabetes"));

// One thread or two: the same cells, scores and trees.
TEST(Comparison, SameCellsWhateverTheJobs) {
    ComparisonConfig config = iris_config("3");
    config.jobs = 1;
    const ComparisonResult one = run_comparison(config);
    config.jobs = 2;
    const ComparisonResult two = run_comparison(config);
    ASSERT_EQ(one.cells.size(), 6u);
    EXPECT_EQ(test::comparison_csv_without_seconds(comparison_to_csv(one)), test::comparison_csv_without_seconds(comparison_to_csv(two)));
    for (std::size_t i = 0; i < one.cells.size(); ++i) EXPECT_EQ(one.cells[i].predictions, two.cells[i].predictions);
}

// A contender whose parameter does not fit one data set (CART's squared_error criterion on iris's
// classes) fails in each of its iris cells with the reason; every other cell runs.
TEST(Comparison, FailedCellsKeepTheirMessage) {
    ComparisonConfig config;
    config.data_sets = {data_set("iris.csv", "species"), data_set("diabetes.csv", "progression")};
    config.contenders = {make_contender("cart", {"max_depth=3"}), make_contender("cart", {"criterion=squared_error", "max_depth=3"})};
    config.contenders[1].label = "CART (squared error)";
    config.resampling = parse_resampling("3");
    const ComparisonResult result = run_comparison(config);
    ASSERT_EQ(result.cells.size(), 12u);
    for (const ComparisonCell& cell : result.cells) {
        const bool should_fail = cell.data_set == 0 && cell.contender == 1;
        EXPECT_EQ(cell.error.empty(), !should_fail) << cell.error;
        if (should_fail) EXPECT_NE(cell.error.find("squared_error"), std::string::npos) << cell.error;
        else EXPECT_FALSE(cell.test.empty());
    }
    const std::vector<ContenderSummary> summaries = summarize_contenders(result);
    ASSERT_EQ(summaries.size(), 4u);
    EXPECT_EQ(summaries[1].failed, 3);
    EXPECT_EQ(summaries[1].folds, 0);
    EXPECT_NE(summaries[1].first_error.find("squared_error"), std::string::npos);
    EXPECT_EQ(summaries[3].folds, 3);
    EXPECT_NE(comparison_to_csv(result).find("needs a regression target"), std::string::npos);
}

// A stop keeps the cells finished before it, in order, and says it stopped.
TEST(Comparison, StopKeepsFinishedCells) {
    ComparisonConfig config = iris_config("5");
    config.jobs = 1;
    int calls = 0;
    const ComparisonResult result = run_comparison(config, [&](int done, int total) {
        EXPECT_EQ(total, 10);
        ++calls;
        return done < 3;
    });
    EXPECT_TRUE(result.stopped);
    ASSERT_EQ(result.cells.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(result.cells[i].index, i);
    EXPECT_GT(calls, 0);
}

// Two shards' parts merge into the CSV of the whole comparison; a missing part is named.
TEST(Comparison, ShardsMergeIntoTheWhole) {
    ComparisonConfig config = iris_config("3");
    const std::string whole = comparison_to_csv(run_comparison(config));
    test::TempDir dir;
    std::vector<std::filesystem::path> parts;
    config.shards = 2;
    for (int shard = 0; shard < 2; ++shard) {
        config.shard = shard;
        const ComparisonResult part = run_comparison(config);
        EXPECT_EQ(part.cells.size(), 3u);
        parts.push_back(dir.write("part" + std::to_string(shard) + ".csv", comparison_part_text(part, comparison_cells(part))));
    }
    EXPECT_EQ(test::comparison_csv_without_seconds(merge_comparison_parts(parts)), test::comparison_csv_without_seconds(whole));
    EXPECT_THROW(merge_comparison_parts({parts[0]}), DataError);
    EXPECT_THROW(merge_comparison_parts({parts[0], parts[0]}), DataError);
    const ComparisonResult read = read_comparison_csv(whole, "whole.csv");
    EXPECT_EQ(read.cells.size(), 6u);
    EXPECT_EQ(read.contender_labels, (std::vector<std::string>{"CART", "GET"}));
}

// A class with fewer rows than folds: the folds say so, and the fold that trains without the class
// still runs (its tree never predicts it).
TEST(Comparison, FoldWithoutAClassInItsTrainingRows) {
    test::TempDir dir;
    const auto file = dir.write("rare.csv", "x,y\n1,a\n2,a\n3,a\n4,b\n5,b\n6,b\n7,a\n8,b\n9,c\n");
    ComparisonConfig config;
    config.data_sets = {data_set("", "y")};
    config.data_sets[0].data_file = file;
    config.contenders = {make_contender("cart", {})};
    config.resampling = parse_resampling("3");
    const ComparisonResult result = run_comparison(config);
    EXPECT_NE(result.data_sets[0].fold_warning.find("only 1 rows"), std::string::npos);
    ASSERT_EQ(result.cells.size(), 3u);
    for (const ComparisonCell& cell : result.cells) {
        EXPECT_TRUE(cell.error.empty()) << cell.error;
        EXPECT_EQ(cell.probabilities.cols(), 3);
    }
}

// Mean ± sample std over folds, pooled accuracy from every fold's predictions, and a paired test
// of a contender against itself (no difference: every fold a tie).
TEST(ComparisonSummary, MeansPooledAndPairedTests) {
    ComparisonConfig config;
    config.data_sets = {data_set("iris.csv", "species"), data_set("wine.csv", "cultivar")};
    config.contenders = {make_contender("cart", {}), make_contender("cart", {}), make_contender("cart", {"max_depth=1"})};
    config.resampling = parse_resampling("5");
    const ComparisonResult result = run_comparison(config);
    const std::vector<ContenderSummary> summaries = summarize_contenders(result);
    ASSERT_EQ(summaries.size(), 6u);
    std::vector<double> accuracies;
    double correct = 0;
    for (const ComparisonCell& cell : result.cells)
        if (cell.data_set == 0 && cell.contender == 0) {
            accuracies.push_back(cell.test.at("accuracy"));
            correct += cell.test.at("accuracy") * static_cast<double>(cell.test_rows.size());
        }
    const FoldMeanStd expected = fold_mean_std(accuracies);
    EXPECT_DOUBLE_EQ(summaries[0].scores.at("accuracy").mean, expected.mean);
    EXPECT_DOUBLE_EQ(summaries[0].scores.at("accuracy").std, expected.std);
    EXPECT_NEAR(summaries[0].pooled.at("accuracy"), correct / 150.0, 1e-12);
    EXPECT_EQ(fold_mean_std({1.0, 2.0, 3.0}).std, 1.0);
    const std::vector<PairedComparison> pairs = paired_comparisons(result, "accuracy");
    ASSERT_EQ(pairs.size(), 4u);
    EXPECT_EQ(pairs[0].record.ties, 5);
    EXPECT_EQ(pairs[0].mean_difference, 0.0);
    EXPECT_GT(pairs[1].record.losses, 0);  // a stump against a full tree
    const RankComparison ranks = rank_comparison(result, "accuracy");
    EXPECT_EQ(ranks.mean_ranks.size(), 3);
    EXPECT_DOUBLE_EQ(ranks.mean_ranks(2), 3.0);
    EXPECT_GT(ranks.critical_difference, 0.0);
}

// Over a classification and a regression set, each set is ranked on its own headline score
// (accuracy, R²); over two regression sets on a shared error, the lowest error ranks first.
TEST(ComparisonSummary, RanksEachDataSetOnItsOwnScore) {
    ComparisonConfig config;
    config.data_sets = {data_set("iris.csv", "species"), data_set("servo.csv", "Class")};
    config.contenders = {make_contender("cart", {"max_depth=1"}), make_contender("cart", {"max_depth=3"}), make_contender("cart", {})};
    config.resampling = parse_resampling("3");
    const ComparisonResult result = run_comparison(config);
    EXPECT_EQ(comparison_score(result, 0), "accuracy");
    EXPECT_EQ(comparison_score(result, 1), "r2");
    EXPECT_EQ(comparison_score(result), "");
    const RankComparison ranks = rank_comparison(result, "");
    EXPECT_EQ(ranks.scores, (std::vector<std::string>{"accuracy", "r2"}));
    const std::vector<ContenderSummary> summaries = summarize_contenders(result);
    for (Eigen::Index c = 0; c < 3; ++c) {
        EXPECT_EQ(ranks.means(0, c), summaries[static_cast<std::size_t>(c)].scores.at("accuracy").mean);
        EXPECT_EQ(ranks.means(1, c), summaries[static_cast<std::size_t>(3 + c)].scores.at("r2").mean);
    }
    EXPECT_DOUBLE_EQ(ranks.mean_ranks(0), 3.0);  // the stump is last on both
    EXPECT_FALSE(std::isnan(ranks.friedman.statistic));
    for (const PairedComparison& pair : paired_comparisons(result, "")) EXPECT_EQ(pair.score, pair.data_set == 0 ? "accuracy" : "r2");

    config.data_sets = {data_set("servo.csv", "Class"), data_set("diabetes.csv", "progression")};
    const RankComparison errors = rank_comparison(run_comparison(config), "mse");
    EXPECT_GT(errors.means(0, 0), errors.means(0, 1));  // the stump's error is the largest…
    EXPECT_DOUBLE_EQ(errors.mean_ranks(0) + errors.mean_ranks(1) + errors.mean_ranks(2), 6.0);
    EXPECT_GT(errors.mean_ranks(0), errors.mean_ranks(1));  // …so it ranks below the depth-3 tree
}

// Comparisons of the same methods on other data sets, each in its own CSV, combine into the
// comparison of them all, cell for cell; other methods or a data set twice are refused.
TEST(ComparisonCsv, CombinesComparisonsOfOtherDataSets) {
    test::TempDir dir;
    ComparisonConfig config;
    config.contenders = {make_contender("cart", {}), make_contender("cart", {"max_depth=1"})};
    config.contenders[1].label = "CART (depth 1)";  // a CSV names contenders by label
    config.resampling = parse_resampling("3");
    std::vector<std::filesystem::path> files;
    for (const auto& [file, target] : {std::pair{"iris.csv", "species"}, std::pair{"servo.csv", "Class"}}) {
        config.data_sets = {data_set(file, target)};
        files.push_back(dir.file(std::string(file)));
        std::ofstream(files.back()) << comparison_to_csv(run_comparison(config));
    }
    config.data_sets = {data_set("iris.csv", "species"), data_set("servo.csv", "Class")};
    const ComparisonResult together = run_comparison(config);
    const ComparisonResult combined = combine_comparison_csvs(files);
    EXPECT_EQ(combined.data_set_names, together.data_set_names);
    EXPECT_EQ(test::comparison_csv_without_seconds(comparison_to_csv(combined)), test::comparison_csv_without_seconds(comparison_to_csv(together)));
    EXPECT_EQ(rank_comparison(combined, "").mean_ranks, rank_comparison(together, "").mean_ranks);
    EXPECT_THROW(combine_comparison_csvs({files[0], files[0]}), DataError);
    config.contenders.pop_back();
    config.data_sets = {data_set("wine.csv", "cultivar")};
    files.push_back(dir.file("wine.csv"));
    std::ofstream(files.back()) << comparison_to_csv(run_comparison(config));
    EXPECT_THROW(combine_comparison_csvs(files), DataError);
}

// The forest reference runs on the same folds as the trees, scored from its probabilities; it has
// no one tree, so its tree-size columns stay empty.
TEST(Comparison, ForestIsAReferenceRow) {
    ComparisonConfig config;
    config.data_sets = {data_set("iris.csv", "species")};
    config.contenders = {make_contender("cart", {}), make_contender("forest", {"n_estimators=5"})};
    config.resampling = parse_resampling("3");
    const ComparisonResult result = run_comparison(config);
    ASSERT_EQ(result.cells.size(), 6u);
    for (const ComparisonCell& cell : result.cells) {
        ASSERT_TRUE(cell.error.empty()) << cell.error;
        EXPECT_GT(cell.test.at("accuracy"), 0.8);
        EXPECT_EQ(cell.probabilities.cols(), 3);
    }
    EXPECT_EQ(result.contender_labels[1], "Random forest");
    const std::string csv = comparison_to_csv(result);
    EXPECT_NE(csv.find("forest,Random forest,1,3,,"), std::string::npos) << csv;
    EXPECT_EQ(csv.substr(csv.size() - 4), ",,,\n");
    EXPECT_EQ(summarize_contenders(result)[1].nodes.n, 0);
    EXPECT_THROW(refit(config, 0, 1), ParamError);
}

// Bad configurations are refused before anything runs.
TEST(Comparison, RefusesBadConfigurations) {
    ComparisonConfig config = iris_config("3");
    config.reference = 2;
    EXPECT_THROW(run_comparison(config), ParamError);
    config = iris_config("3");
    config.contenders.push_back(Contender{"nope", {}, {}});
    EXPECT_THROW(run_comparison(config), ParamError);
    EXPECT_THROW(make_contender("cart", {"max_depth=-4"}), ParamError);
    config = iris_config("200");
    EXPECT_THROW(run_comparison(config), ParamError);
}

// The refit uses every row: its tree has seen all of iris.
TEST(Comparison, RefitUsesEveryRow) {
    const RunOutcome outcome = refit(iris_config("3"), 0, 0);
    EXPECT_EQ(outcome.train_rows, 150);
    EXPECT_EQ(outcome.test_rows, 0);
}

}  // namespace
}  // namespace treelab
