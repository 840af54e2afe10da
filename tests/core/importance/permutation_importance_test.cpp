// Permutation importance against sklearn.inspection.permutation_importance 1.2.1 (fixtures from
// tests/tools/make_forest_fixtures.py).
#include <gtest/gtest.h>

#include <numeric>

#include <tbb/global_control.h>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/importance/permutation_importance.h"
#include "core/learners/cart/cart.h"
#include "tests/core/learners/cart/cart_fixture.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

struct ScoredModel {
    Table table;
    FeaturePipeline pipeline;
    TreeModel tree;
    RowIndices test_rows;
};

ScoredModel fitted_cart(const test::CartFixture& fixture, const nlohmann::json& run) {
    ScoredModel model;
    model.table = read_csv(test::dataset(fixture.json.at("dataset").get<std::string>()));
    const auto train = fixture.json.at("train").get<RowIndices>();
    model.pipeline = fit_pipeline(model.table, model.table.column_index(fixture.json.at("target").get<std::string>()), train);
    model.tree = grow_cart(fixture.train, test::cart_run_params(run), run.at("seed").get<std::uint32_t>());
    model.test_rows = fixture.json.at("test").get<RowIndices>();
    return model;
}

class PermutationImportanceParity : public ::testing::TestWithParam<std::string> {};

// On all-numeric data, every repeat's drop, the mean and the (population) std are sklearn's for
// CART at the same seed and repeats, on the test rows, scored by accuracy or R².
TEST_P(PermutationImportanceParity, MatchesSklearn) {
    const test::CartFixture fixture = test::load_split_fixture("importance/" + GetParam() + ".json");
    for (const nlohmann::json& run : fixture.json.at("runs")) {
        SCOPED_TRACE(run.at("params").dump());
        const ScoredModel model = fitted_cart(fixture, run);
        const int repeats = run.at("repeats").get<int>();
        const PermutationImportance result = permutation_importance(
            model.tree, model.pipeline, model.table, model.test_rows, fixture.test.y, repeats, run.at("seed").get<std::uint32_t>());
        EXPECT_EQ(result.score, fixture.test.task == Task::Classification ? "accuracy" : "r2");
        EXPECT_NEAR(result.baseline, run.at("baseline").get<double>(), 1e-12);
        const nlohmann::json& drops = run.at("permutation_drops");
        ASSERT_EQ(result.drops.rows(), static_cast<Eigen::Index>(drops.size()));
        ASSERT_EQ(result.drops.cols(), repeats);
        for (Eigen::Index f = 0; f < result.drops.rows(); ++f) {
            EXPECT_EQ(result.columns[static_cast<std::size_t>(f)], fixture.train.feature_names[static_cast<std::size_t>(f)]);
            for (int r = 0; r < repeats; ++r)
                EXPECT_NEAR(result.drops(f, r), drops[f][r].get<double>(), 1e-12) << "feature " << f << " repeat " << r;
            EXPECT_NEAR(result.mean(f), run.at("permutation_mean")[f].get<double>(), 1e-12) << "feature " << f;
            EXPECT_NEAR(result.std(f), run.at("permutation_std")[f].get<double>(), 1e-12) << "feature " << f;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, PermutationImportanceParity, ::testing::Values("glass", "wdbc", "diabetes"));

// One thread or every core: the same drops.
TEST(PermutationImportance, SameWhateverTheThreadCount) {
    const test::CartFixture fixture = test::load_split_fixture("importance/glass.json");
    const ScoredModel model = fitted_cart(fixture, fixture.json.at("runs")[0]);
    const auto run = [&] {
        return permutation_importance(model.tree, model.pipeline, model.table, model.test_rows, fixture.test.y, 4, 9).drops;
    };
    const Eigen::MatrixXd parallel = run();
    const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
    EXPECT_TRUE(run() == parallel);
}

// A categorical column is permuted as one table column (all its one-hot features move together):
// servo's four inputs are four rows of the result, and a model reading only "Motor" loses its
// score on "Motor" alone.
TEST(PermutationImportance, PermutesTableColumnsBeforeEncoding) {
    const Table table = read_csv(test::dataset("servo.csv"));
    RowIndices rows(table.rows);
    std::iota(rows.begin(), rows.end(), Eigen::Index{0});
    const FeaturePipeline pipeline = fit_pipeline(table, table.column_index("Class"), rows);
    const Column& motor = table.columns[table.column_index("Motor")];
    Eigen::VectorXd y(static_cast<Eigen::Index>(table.rows));
    for (std::size_t r = 0; r < table.rows; ++r) y(static_cast<Eigen::Index>(r)) = motor.codes[r] == 0 ? 1.0 : 0.0;
    // Predicts "Motor is its first level" from the one-hot features, as a tree on them would.
    const TablePredictor first_level = [&](const Table& part) {
        const Eigen::MatrixXd X = pipeline.transform(part);
        return Eigen::VectorXd(X.col(0));
    };
    std::vector<std::string> columns;
    for (const InputColumn& input : pipeline.inputs) columns.push_back(input.name);
    ASSERT_EQ(columns, (std::vector<std::string>{"Motor", "Screw", "Pgain", "Vgain"}));
    const PermutationImportance result =
        permutation_importance(first_level, table, rows, columns, y, Task::Classification, 3, 0);
    EXPECT_EQ(result.baseline, 1.0);
    EXPECT_GT(result.mean(0), 0.1);
    EXPECT_TRUE(result.drops.bottomRows(3).isZero());
}

// Bad requests are refused with a message: no repeat, a column the table lacks, no row.
TEST(PermutationImportance, RefusesBadRequests) {
    const test::CartFixture fixture = test::load_split_fixture("importance/glass.json");
    const ScoredModel model = fitted_cart(fixture, fixture.json.at("runs")[0]);
    const TablePredictor predict = [&](const Table& part) { return model.tree.predict(model.pipeline.transform(part)); };
    EXPECT_THROW(permutation_importance(predict, model.table, model.test_rows, {"RI"}, fixture.test.y, Task::Classification, 0, 0),
                 ParamError);
    EXPECT_THROW(permutation_importance(predict, model.table, model.test_rows, {"colour"}, fixture.test.y, Task::Classification, 2, 0),
                 DataError);
    EXPECT_THROW(permutation_importance(predict, model.table, {}, {"RI"}, Eigen::VectorXd(), Task::Classification, 2, 0),
                 DataError);
}

}  // namespace
}  // namespace treelab
