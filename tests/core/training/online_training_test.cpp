#include <cmath>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/training/online_training.h"

namespace treelab {
namespace {

// Ten rows holding their own index; one parameter pulled towards `target` by a constant gradient.
struct Stream {
    Eigen::MatrixXd rows = Eigen::VectorXd::LinSpaced(10, 0.0, 9.0);
    std::vector<std::vector<Eigen::Index>> rounds;  // the rows each round saw
    std::vector<double> gathered;                    // their values, read from the batch

    GradientProblem problem(double target) {
        GradientProblem problem;
        problem.inputs = &rows;
        problem.targets = &rows;
        problem.initial_parameters = [](int) { return Eigen::VectorXd::Zero(1); };
        problem.batch_loss = [this](const Eigen::VectorXd&, const Batch& batch, const StepContext&, Eigen::VectorXd& g) {
            rounds.emplace_back(batch.rows.begin(), batch.rows.end());
            for (Eigen::Index k = 0; k < batch.inputs.rows(); ++k) gathered.push_back(batch.inputs(k, 0));
            g.setConstant(-1.0);
            return 1.0;
        };
        problem.validation_loss = [target](const Eigen::VectorXd& theta) { return std::abs(theta(0) - target); };
        return problem;
    }
};

OnlineSettings sgd_rounds(long long rounds, int rows_per_round, long long evaluate_every) {
    OnlineSettings settings;
    settings.rounds = rounds;
    settings.rows_per_round = rows_per_round;
    settings.evaluate_every = evaluate_every;
    settings.optimizer.kind = "sgd";
    settings.learning_rate = 0.5;
    settings.heartbeat_seconds = 1e9;
    return settings;
}

// Rounds take successive rows of shuffled passes (each pass a permutation), gathered in their order;
// the budget of rounds is spent exactly and every evaluate_every rounds (and the last) is reported.
TEST(OnlineTraining, StreamsShuffledPassesAndReportsEveryKRounds) {
    Stream stream;
    std::vector<EpochReport> reports;
    const TrainingOutcome outcome = train_online(stream.problem(100.0), sgd_rounds(25, 2, 10), [&](const EpochReport& r) {
        reports.push_back(r);
        return true;
    });
    ASSERT_EQ(stream.rounds.size(), 25u);
    std::vector<Eigen::Index> flat;
    for (const auto& round : stream.rounds) {
        EXPECT_EQ(round.size(), 2u);
        flat.insert(flat.end(), round.begin(), round.end());
    }
    for (std::size_t pass = 0; pass < 5; ++pass)
        EXPECT_EQ(std::set<Eigen::Index>(flat.begin() + 10 * pass, flat.begin() + 10 * (pass + 1)).size(), 10u);
    EXPECT_NE(std::vector<Eigen::Index>(flat.begin(), flat.begin() + 10), std::vector<Eigen::Index>(flat.begin() + 10, flat.begin() + 20));
    for (std::size_t k = 0; k < flat.size(); ++k) EXPECT_EQ(stream.gathered[k], static_cast<double>(flat[k]));
    ASSERT_EQ(reports.size(), 3u);
    EXPECT_EQ(reports[0].step, 10);
    EXPECT_EQ(reports[1].step, 20);
    EXPECT_EQ(reports[2].step, 25);
    EXPECT_EQ(reports[2].epoch, 3);
    EXPECT_EQ(reports[2].total, 3);
    EXPECT_NEAR(outcome.best_parameters(0), 12.5, 1e-12);  // 25 SGD steps of 0.5
}

// The best evaluation's parameters are kept, and `patience` evaluations without improvement end the run.
TEST(OnlineTraining, KeepsTheBestEvaluationAndStopsOnPatience) {
    Stream stream;
    OnlineSettings settings = sgd_rounds(1000, 1, 4);  // +2 per evaluation
    settings.patience = 2;
    const TrainingOutcome outcome = train_online(stream.problem(6.0), settings, {});
    EXPECT_EQ(outcome.best_epoch, 3);
    EXPECT_NEAR(outcome.best_parameters(0), 6.0, 1e-12);
    EXPECT_EQ(outcome.epochs_run, 5);
    EXPECT_EQ(stream.rounds.size(), 20u);
}

// The same seed streams the same rows; a stop answer ends the run at once.
TEST(OnlineTraining, DeterministicAndCancellable) {
    Stream first, again;
    train_online(first.problem(100.0), sgd_rounds(30, 1, 10), {});
    train_online(again.problem(100.0), sgd_rounds(30, 1, 10), {});
    EXPECT_EQ(first.rounds, again.rounds);
    Stream stopped;
    const TrainingOutcome outcome = train_online(stopped.problem(100.0), sgd_rounds(30, 1, 10), [](const EpochReport&) { return false; });
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_EQ(stopped.rounds.size(), 10u);
}

// A problem that counts its loss queries gets their running total in every report (heartbeats too),
// increasing with the rounds; one that does not gets -1.
TEST(OnlineTraining, ReportsTheRunningTotalOfLossQueries) {
    Stream stream;
    GradientProblem problem = stream.problem(100.0);
    problem.loss_queries = [&stream] { return static_cast<long long>(stream.rounds.back().size()) * 2; };  // 2 per row
    OnlineSettings settings = sgd_rounds(25, 3, 10);
    settings.heartbeat_seconds = 0.0;  // a heartbeat after every round
    std::vector<EpochReport> reports;
    train_online(problem, settings, [&](const EpochReport& r) {
        reports.push_back(r);
        return true;
    });
    long long previous = 0;
    int evaluations = 0;
    for (const EpochReport& r : reports) {
        EXPECT_EQ(r.loss_queries, 6 * r.step);
        EXPECT_GE(r.loss_queries, previous);
        previous = r.loss_queries;
        evaluations += r.heartbeat ? 0 : 1;
    }
    EXPECT_EQ(evaluations, 3);
    EXPECT_EQ(previous, 150);
    Stream uncounted;
    const TrainingOutcome outcome = train_online(uncounted.problem(100.0), sgd_rounds(10, 1, 5), {});
    for (const EpochReport& r : outcome.history) EXPECT_EQ(r.loss_queries, -1);
}

// keep_last returns the last evaluation's parameters, whatever the selection loss, and patience
// does not stop it.
TEST(OnlineTraining, KeepLastReturnsTheLastEvaluation) {
    Stream stream;
    GradientProblem problem = stream.problem(6.0);  // the best evaluation would be the third (θ = 6)
    problem.keep_last = true;
    OnlineSettings settings = sgd_rounds(20, 1, 4);
    settings.patience = 1;
    const TrainingOutcome outcome = train_online(problem, settings, {});
    EXPECT_EQ(outcome.epochs_run, 5);
    EXPECT_EQ(outcome.best_epoch, 5);
    EXPECT_NEAR(outcome.best_parameters(0), 10.0, 1e-12);
}

// Settings the loop cannot run with are refused.
TEST(OnlineTraining, InvalidSettingsThrow) {
    Stream stream;
    EXPECT_THROW(train_online(stream.problem(1.0), sgd_rounds(10, 0, 5), {}), ParamError);
    EXPECT_THROW(train_online(stream.problem(1.0), sgd_rounds(10, 1, 0), {}), ParamError);
}

}  // namespace
}  // namespace treelab
