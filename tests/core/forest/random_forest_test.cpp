// The random forest against scikit-learn 1.2.1's RandomForestClassifier / RandomForestRegressor
// (fixtures from tests/tools/make_forest_fixtures.py).
#include <gtest/gtest.h>

#include <tbb/global_control.h>

#include "core/error.h"
#include "core/forest/random_forest.h"
#include "tests/core/learners/cart/cart_fixture.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

ParamValues forest_run_params(const nlohmann::json& run) {
    ParamValues values(forest_params());
    for (const auto& [name, text] : run.at("params").items()) values.set(forest_params(), name, text.get<std::string>());
    return values;
}

Eigen::VectorXd json_vector(const nlohmann::json& values) {
    const auto v = values.get<std::vector<double>>();
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

class ForestParity : public ::testing::TestWithParam<std::string> {};

// Every fixture run (defaults, max_depth, entropy, min_samples_*, log2/sqrt features, no
// bootstrap) grows sklearn's trees (node counts) and predicts as sklearn's forest: the same classes
// or values, and probabilities to 1e-12.
TEST_P(ForestParity, MatchesSklearnForests) {
    const test::CartFixture fixture = test::load_split_fixture("forest/" + GetParam() + ".json");
    for (const nlohmann::json& run : fixture.json.at("runs")) {
        SCOPED_TRACE(run.dump().substr(0, 120));
        const RandomForest forest =
            train_random_forest(fixture.train, forest_run_params(run), run.at("seed").get<std::uint32_t>());
        const auto nodes = run.at("tree_nodes").get<std::vector<std::size_t>>();
        ASSERT_EQ(forest.trees.size(), nodes.size());
        for (std::size_t t = 0; t < nodes.size(); ++t) EXPECT_EQ(forest.trees[t].nodes.size(), nodes[t]) << "tree " << t;

        const Eigen::VectorXd expected = json_vector(run.at("predictions"));
        const Eigen::VectorXd predicted = predict(forest, fixture.test.X);
        ASSERT_EQ(predicted.size(), expected.size());
        for (Eigen::Index i = 0; i < expected.size(); ++i) {
            if (forest.task == Task::Classification)
                EXPECT_EQ(predicted(i), expected(i)) << "test row " << i;
            else
                test::expect_near_rel(predicted(i), expected(i), 1e-12);
        }
        if (forest.task != Task::Classification) continue;
        const Eigen::MatrixXd proba = predict_proba(forest, fixture.test.X);
        const nlohmann::json& expected_proba = run.at("probabilities");
        for (Eigen::Index i = 0; i < proba.rows(); ++i)
            for (Eigen::Index c = 0; c < proba.cols(); ++c)
                EXPECT_NEAR(proba(i, c), expected_proba[i][c].get<double>(), 1e-12) << "row " << i << " class " << c;
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ForestParity, ::testing::Values("glass", "wdbc", "diabetes"));

// One thread or every core: the same trees, hence the same probabilities bit for bit.
TEST(RandomForest, SameForestWhateverTheThreadCount) {
    const test::CartFixture fixture = test::load_split_fixture("forest/glass.json");
    ParamValues params(forest_params());
    params.set(forest_params(), "n_estimators", "8");
    const Eigen::MatrixXd parallel = predict_proba(train_random_forest(fixture.train, params, 11), fixture.test.X);
    Eigen::MatrixXd serial;
    {
        const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
        serial = predict_proba(train_random_forest(fixture.train, params, 11), fixture.test.X);
    }
    EXPECT_TRUE(parallel == serial);
}

// Progress counts trees; returning false stops the forest, which keeps the trees grown before the
// first one not grown: those of a smaller forest with the same seed.
TEST(RandomForest, ProgressCountsTreesAndCanStop) {
    const test::CartFixture fixture = test::load_split_fixture("forest/glass.json");
    ParamValues params(forest_params());
    params.set(forest_params(), "n_estimators", "6");
    std::vector<int> reported;
    const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
    const RandomForest stopped = train_random_forest(fixture.train, params, 5, [&](const EpochReport& report) {
        reported.push_back(report.epoch);
        EXPECT_EQ(report.total, 6);
        EXPECT_TRUE(report.heartbeat);
        return report.epoch < 2;
    });
    EXPECT_TRUE(stopped.stopped);
    EXPECT_EQ(reported, (std::vector<int>{1, 2}));
    ASSERT_EQ(stopped.trees.size(), 2u);
    params.set(forest_params(), "n_estimators", "2");
    const RandomForest smaller = train_random_forest(fixture.train, params, 5);
    EXPECT_FALSE(smaller.stopped);
    EXPECT_TRUE(predict_proba(stopped, fixture.test.X) == predict_proba(smaller, fixture.test.X));
}

// A criterion of the other task and an empty training set are refused with a message.
TEST(RandomForest, RefusesBadInput) {
    const test::CartFixture fixture = test::load_split_fixture("forest/diabetes.json");
    ParamValues params(forest_params());
    params.set(forest_params(), "criterion", "gini");
    EXPECT_THROW(train_random_forest(fixture.train, params, 0), ParamError);
    EXPECT_THROW(train_random_forest(fixture.train.subset({}), ParamValues(forest_params()), 0), TrainingError);
}

}  // namespace
}  // namespace treelab
