#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/error.h"
#include "core/learners/dgt/dgt_learner.h"
#include "core/learners/dgt/dgt_settings.h"
#include "core/metrics/regression_metrics.h"
#include "core/run/run_config.h"
#include "tests/core/learners/dgt/dgt_test_util.h"

namespace treelab {
namespace {

ParamValues params(std::initializer_list<std::string> assignments) {
    ParamValues values(dgt_hyperparameter_table());
    for (const std::string& assignment : assignments) values.set_assignment(dgt_hyperparameter_table(), assignment);
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
// the step count (letter: 12,000 rows, batch 128, epochs sized to 100 → 941 schedule steps, T_0 = 237).
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
    EXPECT_EQ(s.training.optimizer.momentum, 0.3) << "TreeLab's default; run.sh's 0 is the paper preset's";
    EXPECT_EQ(s.training.clip_norm, 0.01);
    EXPECT_EQ(s.training.patience, 0);
    EXPECT_EQ(s.training.batch_size, 128);
    EXPECT_EQ(s.training.max_epochs, 100) << "epochs sized to the data";
    EXPECT_EQ(s.training.schedule.kind, "cosine_restarts");
    EXPECT_EQ(s.training.schedule.first_period, 237) << "T_0 = (100·94//10 + 1)//4 + 2";
    EXPECT_EQ(s.training.schedule.step_every, 10);
    EXPECT_EQ(s.training.schedule.min_rate, 1e-4);
    const dgt::Settings single = dgt::resolve_settings(params({"hidden=none", "learning_rate=1e-5"}), test::dgt_dataset(50, 2, 0, 2), 6);
    EXPECT_EQ(single.l1, 0.0) << "003 Table 11: no regularisation when L = 1";
    EXPECT_EQ(single.spec.outputs, 1);
    EXPECT_EQ(single.training.schedule.min_rate, 1e-5) << "eta_min never above the rate";
    // epochs=auto: 400 (003 Table 11's largest) where the rows fit in one batch, so at least 400 steps.
    EXPECT_EQ(dgt::auto_epochs(128, 128), 400);
    EXPECT_EQ(dgt::auto_epochs(129, 128), 200);
    EXPECT_EQ(dgt::auto_epochs(90, 32), 200);
    // Sets of many batches: a budget of 9,400 steps, at most 200 epochs and at least 10.
    EXPECT_EQ(dgt::auto_epochs(6016, 128), 200) << "47 steps an epoch";
    EXPECT_EQ(dgt::auto_epochs(12000, 128), 100) << "letter: 94 steps an epoch";
    EXPECT_EQ(dgt::auto_epochs(60000, 128), 21) << "469 steps an epoch";
    EXPECT_EQ(dgt::auto_epochs(1000000, 128), 10);
    const dgt::Settings small = dgt::resolve_settings(params({}), test::dgt_dataset(90, 4, 3, 3), 6);
    EXPECT_EQ(small.training.max_epochs, 400);
    EXPECT_EQ(small.training.schedule.first_period, (400 / 10 + 1) / 4 + 2) << "T_0 from the resolved epochs";
    EXPECT_EQ(dgt::resolve_settings(params({"epochs=200"}), test::dgt_dataset(90, 4, 3, 3), 6).training.max_epochs, 200);
    EXPECT_THROW(dgt::resolve_settings(params({"epochs=2.5"}), test::dgt_dataset(90, 4, 3, 3), 6), ParamError);
    EXPECT_THROW(params({"hidden=12,x"}), ParamError);
    EXPECT_THROW(params({"height=11"}), ParamError);
    EXPECT_THROW(dgt::chosen_height(params({"height=2.5"})), ParamError);
}

// The paper preset is run.sh's loop as the defaults were before TreeLab's own: 200 epochs, momentum 0,
// the cosine schedule's T_0 = 472 on letter; an explicit value still wins over the preset.
TEST(DgtSettings, PaperPresetIsRunSh) {
    const Dataset letter_sized = test::dgt_dataset(12000, 16, 26, 1);
    const dgt::Settings paper = dgt::resolve_settings(method_params("dgt", {"preset=paper"}), letter_sized, 6);
    EXPECT_EQ(paper.training.max_epochs, 200);
    EXPECT_EQ(paper.training.optimizer.momentum, 0.0);
    EXPECT_EQ(paper.training.schedule.first_period, 472);
    EXPECT_EQ(paper.spec.hidden, (std::vector<Eigen::Index>{1008, 1008}));
    EXPECT_EQ(paper.l1, 1e-5);
    EXPECT_FALSE(paper.float32) << "the reproductions ran in double";
    EXPECT_TRUE(dgt::resolve_settings(method_params("dgt", {}), letter_sized, 6).float32) << "TreeLab's default";
    const dgt::Settings grid = dgt::resolve_settings(method_params("dgt", {"preset=paper", "momentum=0.3"}), letter_sized, 10);
    EXPECT_EQ(grid.training.optimizer.momentum, 0.3);
    EXPECT_EQ(grid.training.max_epochs, 200);
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

// The chain's products are cut into blocks that the cores share (nn/matrix_product.h; hidden widths of
// 1024 and 512 make every weight product large enough), and the evaluation's rows too: one thread and two
// give the same tree, bit for bit, and the same history.
TEST(DgtLearner, SameModelForAnyThreadCount) {
    const Dataset train_set = quadrants(256, 5), valid_set = quadrants(3000, 6);
    const auto fit = [&](int threads) {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
        return train(train_set, valid_set, params({"height=3", "hidden=1024,512", "epochs=2", "batch_size=128", "leaves=network"}));
    };
    const TrainResult one = fit(1), two = fit(2);
    ASSERT_EQ(one.history.size(), two.history.size());
    for (std::size_t e = 0; e < one.history.size(); ++e) {
        EXPECT_EQ(one.history[e].train_loss, two.history[e].train_loss) << "epoch " << e + 1;
        EXPECT_EQ(one.history[e].valid_loss, two.history[e].valid_loss) << "epoch " << e + 1;
    }
    EXPECT_EQ(one.model.predict_proba(valid_set.X), two.model.predict_proba(valid_set.X));
}

// precision=float32 stores the parameters, the gradient and RMSprop's state in float32: it learns the
// quadrants as well as double precision does (the same depth-3 fit as above), its tree is the best
// validation epoch's too, and one thread and two give the same model bit for bit.
TEST(DgtLearner, Float32StorageLearnsAsDoubleDoes) {
    const Dataset train_set = quadrants(400, 1), valid_set = quadrants(200, 2);
    const auto fit = [&](const std::string& precision, int threads) {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
        return train(train_set, valid_set,
                     params({"height=3", "hidden=40,40", "epochs=30", "batch_size=32", "leaves=network", "precision=" + precision}));
    };
    const TrainResult single = fit("float32", 1), twice = fit("float32", 2), full = fit("double", 2);
    ASSERT_EQ(single.history.size(), 30u);
    const auto accuracy_on = [&](const TrainResult& result) {
        return (result.model.predict(valid_set.X).array() == valid_set.y.array()).cast<double>().mean();
    };
    EXPECT_GT(accuracy_on(single), 0.85);
    EXPECT_NEAR(accuracy_on(single), accuracy_on(full), 0.03);
    EXPECT_NE(single.history.back().train_loss, full.history.back().train_loss) << "float32 rounds otherwise than double";
    EXPECT_NEAR(single.history.front().train_loss, full.history.front().train_loss, 1e-3);
    for (std::size_t e = 0; e < single.history.size(); ++e) EXPECT_EQ(single.history[e].valid_loss, twice.history[e].valid_loss) << e;
    EXPECT_EQ(single.model.predict_proba(valid_set.X), twice.model.predict_proba(valid_set.X));
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

// feedback=bandit resolves the auto rows to 003 App. C.3.2's DGT-Bandit settings: L = 1, λ = 0,
// RMSprop at 1e-3 with momentum 0, no clipping and no schedule, γ = 0.3, δ = 0.5, rounds of four
// rows (batches of one accumulated over four steps), the network's leaves; explicit values win.
TEST(DgtSettings, BanditDefaultsFollowAppendixC32) {
    const dgt::Settings s = dgt::resolve_settings(params({"feedback=bandit"}), test::dgt_dataset(1001, 16, 26, 1), 6);
    EXPECT_EQ(s.feedback, dgt::Feedback::Bandit);
    EXPECT_TRUE(s.spec.hidden.empty());
    EXPECT_EQ(s.l1, 0.0);
    EXPECT_EQ(s.leaves, dgt::LeafChoice::Network);
    EXPECT_EQ(s.bandit.exploration, 0.3);
    EXPECT_EQ(s.bandit.estimator, dgt::Estimator::OnePoint);
    EXPECT_EQ(s.bandit.perturbation, 0.5);
    EXPECT_EQ(s.online.rows_per_round, 4);
    EXPECT_EQ(s.online.rounds, 1252) << "5 passes over 1001 rows in rounds of 4, rounded up";
    EXPECT_EQ(s.online.evaluate_every, 13) << "auto: a hundredth of the rounds, rounded up";
    EXPECT_EQ(s.online.learning_rate, 1e-3);
    EXPECT_EQ(s.online.clip_norm, 0.0);
    EXPECT_EQ(s.online.patience, 0);
    EXPECT_EQ(s.online.schedule.kind, "constant");
    EXPECT_EQ(s.online.optimizer.kind, "rmsprop");
    EXPECT_EQ(s.online.optimizer.momentum, 0.0);
    const dgt::Settings chosen = dgt::resolve_settings(
        params({"feedback=bandit", "hidden=20,20", "l1=1e-4", "learning_rate=0.02", "leaves=refit", "estimator=two_point", "passes=0.5",
                "rows_per_round=1"}),
        test::dgt_dataset(50, 2, 0, 2), 6);
    EXPECT_EQ(chosen.spec.hidden, (std::vector<Eigen::Index>{20, 20}));
    EXPECT_EQ(chosen.l1, 1e-4);
    EXPECT_EQ(chosen.online.learning_rate, 0.02);
    EXPECT_EQ(chosen.leaves, dgt::LeafChoice::Refit);
    EXPECT_EQ(chosen.bandit.estimator, dgt::Estimator::TwoPoint);
    EXPECT_EQ(chosen.online.rounds, 25);
    EXPECT_EQ(chosen.online.evaluate_every, 1);
    EXPECT_EQ(dgt::resolve_settings(params({"feedback=bandit", "evaluate_every=7"}), test::dgt_dataset(50, 2, 3, 2), 6).online.evaluate_every, 7);
    EXPECT_THROW(dgt::resolve_settings(params({"feedback=bandit", "evaluate_every=2.5"}), test::dgt_dataset(50, 2, 3, 2), 6), ParamError);
    EXPECT_EQ(dgt::resolve_settings(params({}), test::dgt_dataset(50, 2, 3, 2), 6).training.learning_rate, 0.01) << "supervised auto rate";
    EXPECT_EQ(dgt::resolve_settings(params({"feedback=bandit", "hidden=20,20"}), test::dgt_dataset(50, 2, 3, 2), 6).l1, 0.0);
}

// Four classes by the quadrant of (x0, x1): a depth-3 tree can learn them, one split cannot.
Dataset four_quadrants(Eigen::Index rows, std::uint32_t seed) {
    Dataset data = test::dgt_dataset(rows, 3, 4, seed);
    for (Eigen::Index i = 0; i < rows; ++i) data.y(i) = (data.X(i, 0) > 0.0 ? 1.0 : 0.0) + (data.X(i, 1) > 0.0 ? 2.0 : 0.0);
    return data;
}

double accuracy(const TreeModel& model, const Dataset& data) {
    return (model.predict(data.X).array() == data.y.array()).cast<double>().mean();
}

// DGT-Bandit at App. C.3.2's settings learns four classes from the 0-1 loss of its own plays alone,
// far above chance (1/4); every report carries the loss queries so far (one per row), increasing,
// and a seed reproduces the run exactly while another seed gives another run.
TEST(DgtBandit, ClassificationBeatsChanceAndReproduces) {
    const Dataset train_set = four_quadrants(800, 1), valid_set = four_quadrants(400, 2);
    const ParamValues values = params({"feedback=bandit", "height=3", "passes=15", "evaluate_every=100"});
    const auto run = [&](std::uint32_t seed) {
        std::vector<EpochReport> reports;
        const TrainResult result = train_dgt(TrainInput{train_set, &valid_set, values, seed}, [&](const EpochReport& report) {
            if (!report.heartbeat) reports.push_back(report);
            return true;
        });
        return std::pair{result, reports};
    };
    const auto [result, reports] = run(3);
    EXPECT_GT(accuracy(result.model, valid_set), 0.8);
    ASSERT_EQ(reports.size(), 30u);  // 15 passes of 800 rows = 3000 rounds of 4, evaluated every 100
    long long previous = 0;
    for (const EpochReport& report : reports) {
        EXPECT_EQ(report.loss_queries, 4 * report.step);
        EXPECT_GT(report.loss_queries, previous);
        previous = report.loss_queries;
    }
    EXPECT_EQ(previous, 12000);
    EXPECT_NEAR(reports.back().valid_metric, accuracy(result.model, valid_set), 1e-12) << "the last evaluation's tree is returned";
    const auto [again, again_reports] = run(3);
    EXPECT_EQ(again.model.predict_proba(valid_set.X), result.model.predict_proba(valid_set.X));
    for (std::size_t k = 0; k < reports.size(); ++k) EXPECT_EQ(again_reports[k].train_loss, reports[k].train_loss);
    const auto [other, other_reports] = run(4);
    EXPECT_NE(other_reports.back().train_loss, reports.back().train_loss);
}

// Regression from loss queries at App. C.3.2's settings: one-point (one query per row) and two-point
// (two) both fit the smooth target well, the tree predicting in the target's units.
TEST(DgtBandit, RegressionLearnsFromOneAndTwoPointQueries) {
    const Dataset train_set = test::dgt_dataset(600, 3, 0, 3), valid_set = test::dgt_dataset(300, 3, 0, 4);
    for (const char* estimator : {"estimator=one_point", "estimator=two_point"}) {
        long long queries = 0;
        const TrainResult result = train_dgt(
            TrainInput{train_set, &valid_set, params({"feedback=bandit", "height=4", "passes=30", estimator}), 5},
            [&](const EpochReport& report) {
                queries = report.loss_queries;
                return true;
            });
        EXPECT_GT(regression_report(valid_set.y, result.model.predict(valid_set.X)).r2, 0.5) << estimator;
        EXPECT_EQ(queries, 18000LL * (std::string(estimator) == "estimator=two_point" ? 2 : 1)) << estimator;
    }
}

}  // namespace
}  // namespace treelab
