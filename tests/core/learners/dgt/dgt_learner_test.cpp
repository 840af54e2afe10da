#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/dgt/dgt_learner.h"
#include "core/learners/dgt/dgt_settings.h"
#include "core/metrics/regression_metrics.h"
#include "tests/core/learners/dgt/dgt_test_util.h"

namespace treelab {
namespace {

ParamValues params(std::initializer_list<std::string> assignments) {
    ParamValues values(dgt_params());
    for (const std::string& assignment : assignments) values.set_assignment(dgt_params(), assignment);
    return values;
}

TrainResult train(const Dataset& train_set, const Dataset& valid_set, const ParamValues& values) {
    return train_dgt(TrainInput{train_set, &valid_set, values, 3}, [](const EpochReport&) { return true; });
}

// Two interleaved classes a single oblique split cannot separate: class = sign of x0·x1.
Dataset quadrants(Eigen::Index rows, std::uint32_t seed) {
    Dataset data = test::dgt_dataset(rows, 3, 2, seed);
    for (Eigen::Index i = 0; i < rows; ++i) data.y(i) = data.X(i, 0) * data.X(i, 1) > 0.0 ? 1.0 : 0.0;
    return data;
}

// run.sh's loop: RMSprop (eps 1e-5), clipping at 0.01, every epoch, and the cosine schedule's T_0 from
// the step count (letter: 12,000 rows, batch 128, 200 epochs → 1881 schedule steps, T_0 = 472).
TEST(DgtSettings, DefaultsFollowRunSh) {
    EXPECT_EQ(dgt::chosen_height(params({})), 6) << "run.sh's";
    EXPECT_EQ(dgt::chosen_height(params({"height=auto"})), dgt::kAutoHeight);
    EXPECT_EQ(dgt::height_search().depths, (std::vector<int>{2, 4, 6, 8}));
    const dgt::Settings s = dgt::resolve_settings(params({}), test::dgt_dataset(12000, 16, 26, 1), 6);
    EXPECT_EQ(s.spec.height, 6);
    EXPECT_EQ(s.spec.hidden, (std::vector<Eigen::Index>{1008, 1008}));
    EXPECT_EQ(s.spec.outputs, 26);
    EXPECT_EQ(s.l1, 1e-5);
    EXPECT_EQ(s.training.optimizer.kind, "rmsprop");
    EXPECT_EQ(s.training.optimizer.epsilon, 1e-5);
    EXPECT_EQ(s.training.clip_norm, 0.01);
    EXPECT_EQ(s.training.patience, 0);
    EXPECT_EQ(s.training.batch_size, 128);
    EXPECT_EQ(s.training.schedule.kind, "cosine_restarts");
    EXPECT_EQ(s.training.schedule.first_period, 472);
    EXPECT_EQ(s.training.schedule.step_every, 10);
    EXPECT_EQ(s.training.schedule.min_rate, 1e-4);
    const dgt::Settings single = dgt::resolve_settings(params({"hidden=none", "learning_rate=1e-5"}), test::dgt_dataset(50, 2, 0, 2), 6);
    EXPECT_EQ(single.l1, 0.0) << "003 Table 11: no regularisation when L = 1";
    EXPECT_EQ(single.spec.outputs, 1);
    EXPECT_EQ(single.training.schedule.min_rate, 1e-5) << "eta_min never above the rate";
    EXPECT_THROW(params({"hidden=12,x"}), ParamError);
    EXPECT_THROW(params({"height=11"}), ParamError);
    EXPECT_THROW(dgt::chosen_height(params({"height=2.5"})), ParamError);
}

// A depth-3 tree learns a problem one split cannot, and its tree is the best epoch's by validation:
// with the network's leaves, the tree's validation cross-entropy is the lowest of the history's.
TEST(DgtLearner, KeepsTheBestValidationEpoch) {
    const Dataset train_set = quadrants(400, 1), valid_set = quadrants(200, 2);
    const TrainResult result = train(train_set, valid_set, params({"height=3", "hidden=40,40", "epochs=30", "batch_size=32", "leaves=network"}));
    ASSERT_EQ(result.history.size(), 30u);
    double best = INFINITY;
    for (const EpochReport& report : result.history) best = std::min(best, report.valid_loss);
    const Eigen::MatrixXd proba = result.model.predict_proba(valid_set.X);
    double cross_entropy = 0.0;
    for (Eigen::Index i = 0; i < valid_set.rows(); ++i) cross_entropy -= std::log(proba(i, static_cast<Eigen::Index>(valid_set.y(i))));
    EXPECT_NEAR(cross_entropy / static_cast<double>(valid_set.rows()), best, 1e-9);
    EXPECT_GT((result.model.predict(valid_set.X).array() == valid_set.y.array()).cast<double>().mean(), 0.85);
}

// Regression: the network learns the min-max scaled target and the tree predicts in the target's units.
TEST(DgtLearner, RegressionPredictsInTheTargetsUnits) {
    const Dataset train_set = test::dgt_dataset(600, 3, 0, 3), valid_set = test::dgt_dataset(200, 3, 0, 4);
    for (const char* leaves : {"leaves=network", "leaves=refit"}) {
        const TrainResult result = train(train_set, valid_set, params({"height=4", "hidden=30,30", "epochs=40", "batch_size=64", leaves}));
        const Eigen::VectorXd predicted = result.model.predict(valid_set.X);
        EXPECT_GT(regression_report(valid_set.y, predicted).r2, 0.6) << leaves;
        EXPECT_GT(predicted.minCoeff(), train_set.y.minCoeff() - 1.0) << leaves;
        EXPECT_LT(predicted.maxCoeff(), train_set.y.maxCoeff() + 1.0) << leaves;
    }
}

}  // namespace
}  // namespace treelab
