#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/learner.h"
#include "core/model/model_file.h"
#include "core/run/prepared_data.h"
#include "core/run/run_config.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// A split seed holds the rows of every split fixed while the learner's seed varies; without it the seed moves both.
TEST(PreparedData, SplitSeedFixesTheSplitAcrossModelSeeds) {
    RunConfig first = test::dataset_run("glass.csv", "Type", "cart", {}, 1225), second = test::dataset_run("glass.csv", "Type", "cart", {}, 1337);
    EXPECT_NE(prepare_data(first).split.test, prepare_data(second).split.test);
    first.split_seed = second.split_seed = 459107u;
    const PreparedData a = prepare_data(first), b = prepare_data(second);
    EXPECT_EQ(a.split.train, b.split.train);
    EXPECT_EQ(a.split.test, b.split.test);
}

// The run card's command line names the split seed only when one is set.
TEST(RunConfig, EquivalentCommandCarriesTheSplitSeed) {
    RunConfig config = test::dataset_run("glass.csv", "Type", "cart", {}, 3);
    EXPECT_EQ(equivalent_command(config).find("--split-seed"), std::string::npos);
    config.split_seed = 459107u;
    EXPECT_NE(equivalent_command(config).find("--seed 3 --split-seed 459107"), std::string::npos) << equivalent_command(config);
}

// A learner seed leaves the split to the seed (resolved_split_seed), the command line names it,
// and a split seed and a learner seed together are refused: the seed would vary nothing.
TEST(RunConfig, LearnerSeedLeavesTheSplitToTheSeed) {
    RunConfig config = test::dataset_run("glass.csv", "Type", "cart", {}, 42);
    config.learner_seed = 7u;
    EXPECT_EQ(resolved_split_seed(config), 42u);
    EXPECT_EQ(resolved_learner_seed(config), 7u);
    EXPECT_EQ(prepare_data(config).split.test, prepare_data(test::dataset_run("glass.csv", "Type", "cart", {}, 42)).split.test);
    EXPECT_NE(equivalent_command(config).find("--seed 42 --learner-seed 7"), std::string::npos) << equivalent_command(config);
    config.split_seed = 1u;
    EXPECT_THROW(check_run_config(config), ParamError);
}

// A saved model applied to its own file scores every row: its accuracy is the row-weighted mean of
// the run's train, valid and test accuracies, so the model's own pipeline and encoding were used.
TEST(PreparedData, SavedModelDataScoresEveryRowWithTheModelsPipeline) {
    RunConfig config = test::dataset_run("glass.csv", "Type", "cart", {}, 4);
    config.scaling = Scaling::ZScore;
    const RunOutcome run = run_training(config);
    ASSERT_NE(run.data, nullptr);
    const PreparedData data = prepare_saved_model_data(run.data->table, run.model);
    ASSERT_EQ(data.test.rows(), 214);
    EXPECT_EQ(data.train.rows(), 0);
    EXPECT_EQ(data.split.test.front(), 0);
    EXPECT_EQ(data.split.test.back(), 213);
    const double weighted = (run.train_scores.at("accuracy") * static_cast<double>(run.train_rows) +
                             run.valid_scores.at("accuracy") * static_cast<double>(run.valid_rows) +
                             run.test_scores.at("accuracy") * static_cast<double>(run.test_rows)) / 214.0;
    EXPECT_NEAR(evaluate(run.model.tree, data.test).at("accuracy"), weighted, 1e-12);
}

// --categorical loo: one feature per categorical column, training rows encoded without their own
// target, the fitted table saved in the model file so a reloaded model encodes new rows the same way,
// and the run card's command carries the option (001 §4.1).
TEST(PreparedData, LeaveOneOutRunSavesItsTable) {
    RunConfig config;
    config.data_file = test::dataset("housevotes84.csv");
    config.target = "Class";
    config.params = ParamValues(find_learner("cart").params);
    config.categorical_encoding = CategoricalEncoding::LeaveOneOut;
    const RunOutcome run = run_training(config);
    ASSERT_NE(run.data, nullptr);
    const PreparedData& data = *run.data;
    EXPECT_EQ(data.train.features(), 16);
    EXPECT_EQ(data.train.feature_names.front(), "V1");
    // Training rows differ from what transform gives the same rows (their own target left out).
    const Eigen::MatrixXd fresh = data.pipeline.transform(data.table)(data.split.train, Eigen::all);
    EXPECT_GT((fresh - data.train.X).cwiseAbs().maxCoeff(), 0.0);
    // Validation rows are encoded as new rows.
    EXPECT_EQ(data.pipeline.transform(data.table)(data.split.valid, Eigen::all), data.valid.X);
    EXPECT_NE(run.model.card.command_line.find(" --categorical loo"), std::string::npos) << run.model.card.command_line;

    const test::TempDir dir;
    save_model(run.model, dir.file("loo.json"));
    const ModelFile loaded = load_model(dir.file("loo.json"));
    EXPECT_EQ(loaded.pipeline.inputs.front().encoding, CategoricalEncoding::LeaveOneOut);
    EXPECT_EQ(loaded.pipeline.transform(data.table), data.pipeline.transform(data.table));
}

// --missing-as-level: housevotes84's missing votes become the level "?" of each column (the
// GradTree loader reads them as a value), which the model file keeps, so a reloaded model encodes
// them the same way; the rows with missing votes are encoded otherwise than by the training mean.
TEST(PreparedData, MissingAsLevelRunSavesItsLevel) {
    RunConfig config;
    config.data_file = test::dataset("housevotes84.csv");
    config.target = "Class";
    config.params = ParamValues(find_learner("cart").params);
    config.categorical_encoding = CategoricalEncoding::LeaveOneOut;
    RunConfig as_level = config;
    as_level.missing_as_level = true;
    const RunOutcome run = run_training(as_level);
    const PreparedData& data = *run.data;
    EXPECT_EQ(data.train.features(), 16);
    EXPECT_EQ(data.pipeline.inputs.back().levels.back(), kMissingLevel);
    EXPECT_NE(prepare_data(config).test.X, data.test.X);
    EXPECT_NE(run.model.card.command_line.find(" --missing-as-level"), std::string::npos) << run.model.card.command_line;

    const test::TempDir dir;
    save_model(run.model, dir.file("level.json"));
    EXPECT_EQ(load_model(dir.file("level.json")).pipeline.transform(data.table), data.pipeline.transform(data.table));
}

// A table whose only column is the target, or whose other columns are all dropped, is refused
// naming the file, as scikit-learn refuses 0 features: a root alone is no model.
TEST(PreparedData, NoInputColumnIsRefused) {
    const test::TempDir dir;
    RunConfig config;
    config.data_file = dir.write("only_target.csv", "y\n1\n2\n1\n2\n1\n2\n");
    config.target = "y";
    config.method = "cart";
    config.params = method_params("cart", {});
    try {
        prepare_data(config);
        ADD_FAILURE() << "a table without input columns was prepared";
    } catch (const DataError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("only_target.csv"), std::string::npos) << message;
        EXPECT_NE(message.find("no column is left to learn from besides the target 'y'"), std::string::npos) << message;
    }
    config.data_file = dir.write("dropped.csv", "x,y\n1,1\n2,2\n1,1\n2,2\n1,1\n2,2\n");
    config.drop_columns = {"x"};
    EXPECT_THROW(prepare_data(config), DataError);
    config.drop_columns.clear();
    EXPECT_EQ(prepare_data(config).pipeline.feature_names(), std::vector<std::string>{"x"});
}

// --smote (001 §4.1) adds rows to what the learner fits on, bringing every class to the
// majority count, and leaves the training, validation and test rows as they were; the run card's
// command carries it.
TEST(PreparedData, SmoteAddsFitRowsOnly) {
    RunConfig plain = test::dataset_run("glass.csv", "Type", "cart", {}, 42);
    plain.split_mode = SplitMode::GradTree;
    RunConfig rebalanced = plain;
    rebalanced.smote = true;
    const PreparedData a = prepare_data(plain), b = prepare_data(rebalanced);
    EXPECT_EQ(a.synthetic.rows(), 0);
    ASSERT_GT(b.synthetic.rows(), 0);
    EXPECT_EQ(a.train.X, b.train.X);
    EXPECT_EQ(a.valid.X, b.valid.X);
    EXPECT_EQ(a.test.X, b.test.X);
    const Dataset fit = b.fit_rows(FitOn::TrainAndValid);
    EXPECT_EQ(fit.rows(), b.train.rows() + b.synthetic.rows() + b.valid.rows());
    std::vector<int> counts(static_cast<std::size_t>(b.train.classes()), 0);
    for (Eigen::Index i = 0; i < b.train.rows() + b.synthetic.rows(); ++i) ++counts[static_cast<std::size_t>(fit.y(i))];
    for (const int count : counts) EXPECT_EQ(count, counts.front());
    EXPECT_NE(equivalent_command(rebalanced).find(" --smote"), std::string::npos);
}

}  // namespace
}  // namespace treelab

namespace treelab {
namespace {

// Runs that differ only in what the learner sees (method, parameters, learner seed, fit_on) prepare
// the same data and share a key; the seed of the split, the split, the target, the scaling and
// the file each make another.
TEST(PreparedData, KeyNamesWhatThePreparationDependsOn) {
    const RunConfig base = test::dataset_run("glass.csv", "Type", "cart", {"max_depth=2"}, 3);
    RunConfig other_method = test::dataset_run("glass.csv", "Type", "cart", {"max_depth=5"}, 3);
    other_method.learner_seed = 9;
    other_method.fit_on = FitOn::TrainAndValid;
    EXPECT_EQ(prepared_data_key(base), prepared_data_key(other_method));
    RunConfig split_seed = base;  // the split seed given as the seed it already is
    split_seed.split_seed = 3;
    split_seed.seed = 8;
    EXPECT_EQ(prepared_data_key(base), prepared_data_key(split_seed));
    std::vector<RunConfig> changed(5, base);
    changed[0].seed = 4;
    changed[1].split.train = 0.5;
    changed[2].target = "RI";
    changed[3].scaling = Scaling::ZScore;
    changed[4].data_file = test::dataset("iris.csv");
    for (std::size_t i = 0; i < changed.size(); ++i) EXPECT_NE(prepared_data_key(base), prepared_data_key(changed[i])) << i;
    // The method's default scaling is part of the preparation: GradTree's quantile transform.
    EXPECT_NE(prepared_data_key(base), prepared_data_key(test::dataset_run("glass.csv", "Type", "gradtree", {}, 3)));
}

}  // namespace
}  // namespace treelab
