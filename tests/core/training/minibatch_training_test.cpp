#include <cmath>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include "core/error.h"
#include "core/training/minibatch_training.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

constexpr double kNoHeartbeat = 1e9;  // seconds: keeps the progress calls deterministic

// Least squares ½‖Xw − y‖²/n on 200 synthetic rows (3 features and an intercept column).
struct LeastSquares {
    Eigen::MatrixXd x;
    Eigen::VectorXd y;

    LeastSquares() : x(200, 4), y(200) {
        std::mt19937 engine(42);
        std::normal_distribution<double> normal;
        for (Eigen::Index r = 0; r < x.rows(); ++r) {
            for (Eigen::Index c = 0; c < 3; ++c) x(r, c) = normal(engine);
            x(r, 3) = 1.0;
            y(r) = 1.5 * x(r, 0) - 2.0 * x(r, 1) + 0.5 * x(r, 2) + 0.7 + 0.3 * normal(engine);
        }
    }
    Eigen::VectorXd closed_form() const { return (x.transpose() * x).ldlt().solve(x.transpose() * y); }
    double full_loss(const Eigen::VectorXd& w) const { return 0.5 * (x * w - y).squaredNorm() / x.rows(); }

    GradientProblem problem() const {
        GradientProblem problem;
        problem.train_rows = x.rows();
        problem.batch_loss = [this](const Eigen::VectorXd& w, std::span<const Eigen::Index> rows,
                                    Eigen::VectorXd& gradient) {
            const Eigen::MatrixXd xb = x(rows, Eigen::all);
            const Eigen::VectorXd residual = xb * w - y(rows);
            gradient = xb.transpose() * residual / static_cast<double>(rows.size());
            return 0.5 * residual.squaredNorm() / static_cast<double>(rows.size());
        };
        problem.validation_loss = [this](const Eigen::VectorXd& w) { return full_loss(w); };
        return problem;
    }
};

OptimizerSettings adam() {
    OptimizerSettings settings;
    settings.kind = "adam";
    settings.beta1 = 0.9;
    return settings;
}

// One parameter that moves by ≈ +1 per epoch (one Adam step of lr 1 on a constant gradient −1);
// the validation loss |θ − target| therefore falls until epoch `target` and rises afterwards.
GradientProblem climbing_problem(double target) {
    GradientProblem problem;
    problem.train_rows = 4;
    problem.batch_loss = [](const Eigen::VectorXd&, std::span<const Eigen::Index>, Eigen::VectorXd& gradient) {
        gradient.setConstant(-1.0);
        return 1.0;
    };
    problem.validation_loss = [target](const Eigen::VectorXd& theta) { return std::abs(theta(0) - target); };
    return problem;
}

TrainingSettings one_step_per_epoch(int max_epochs, int patience) {
    TrainingSettings settings;
    settings.max_epochs = max_epochs;
    settings.learning_rate = 1.0;
    settings.batch_size = 4;
    settings.patience = patience;
    settings.plateau_factor = 0.0;
    settings.heartbeat_seconds = kNoHeartbeat;
    return settings;
}

// Minibatch QHAdam with the plateau schedule reaches the closed-form least-squares solution up to
// the minibatch noise (seeds 1-5 give parameter errors 8e-4 to 1.3e-3).
TEST(MinibatchTraining, ConvergesToLeastSquaresSolution) {
    const LeastSquares data;
    TrainingSettings settings;
    settings.max_epochs = 150;
    settings.batch_size = 16;
    settings.patience = 0;
    settings.plateau_factor = 0.5;
    settings.plateau_patience = 5;
    settings.seed = 3;
    settings.learning_rate = 0.1;
    OptimizerSettings qhadam;
    qhadam.kind = "qhadam";
    qhadam.beta1 = 0.995;
    const TrainingOutcome outcome = train_minibatch(data.problem(), Eigen::VectorXd::Zero(4), qhadam, settings, {});
    const Eigen::VectorXd exact = data.closed_form();
    EXPECT_LT((outcome.best_parameters - exact).norm(), 5e-3)
        << outcome.best_parameters.transpose() << " vs " << exact.transpose();
    EXPECT_LT(data.full_loss(outcome.best_parameters) / data.full_loss(exact) - 1.0, 1e-4);
    EXPECT_EQ(outcome.epochs_run, 150);
    EXPECT_FALSE(outcome.diverged);
    EXPECT_FALSE(outcome.cancelled);
}

// Training stops `patience` epochs after the best validation loss and returns that epoch's parameters.
TEST(MinibatchTraining, EarlyStoppingKeepsBestParameters) {
    const TrainingOutcome outcome =
        train_minibatch(climbing_problem(3.0), Eigen::VectorXd::Zero(1), adam(), one_step_per_epoch(100, 5), {});
    EXPECT_EQ(outcome.best_epoch, 3);
    EXPECT_EQ(outcome.epochs_run, 8);
    EXPECT_EQ(outcome.history.size(), 8u);
    EXPECT_NEAR(outcome.best_parameters(0), 3.0, 1e-6);
    EXPECT_NEAR(outcome.history[2].valid_loss, 0.0, 1e-6);
}

// An equal validation loss counts as an improvement (<=, as the LatentTrees scripts), so a flat
// loss never stops the run and the last epoch is the best.
TEST(MinibatchTraining, EqualLossCountsAsImprovement) {
    GradientProblem problem = climbing_problem(0.0);
    problem.validation_loss = [](const Eigen::VectorXd&) { return 1.0; };
    const TrainingOutcome outcome =
        train_minibatch(problem, Eigen::VectorXd::Zero(1), adam(), one_step_per_epoch(12, 2), {});
    EXPECT_EQ(outcome.epochs_run, 12);
    EXPECT_EQ(outcome.best_epoch, 12);
}

// Without a validation loss the epoch's mean training loss is watched and valid_loss is NaN.
TEST(MinibatchTraining, WithoutValidationWatchesTrainingLoss) {
    GradientProblem problem = climbing_problem(0.0);
    problem.validation_loss = nullptr;
    // The batch loss |θ − 3| is taken before the step, so it is smallest in epoch 4.
    problem.batch_loss = [](const Eigen::VectorXd& theta, std::span<const Eigen::Index>, Eigen::VectorXd& gradient) {
        gradient.setConstant(-1.0);
        return std::abs(theta(0) - 3.0);
    };
    const TrainingOutcome outcome =
        train_minibatch(problem, Eigen::VectorXd::Zero(1), adam(), one_step_per_epoch(100, 3), {});
    EXPECT_EQ(outcome.best_epoch, 4);
    EXPECT_EQ(outcome.epochs_run, 7);
    EXPECT_NEAR(outcome.best_parameters(0), 4.0, 1e-6);
    EXPECT_TRUE(std::isnan(outcome.history[0].valid_loss));
}

// Returning false from progress at the end of epoch 2 stops at once with the best parameters so far.
TEST(MinibatchTraining, CancelAfterEpochKeepsBestSoFar) {
    std::vector<int> seen;
    const Progress progress = [&](const EpochReport& report) {
        seen.push_back(report.epoch);
        return report.epoch < 2;
    };
    const TrainingOutcome outcome = train_minibatch(climbing_problem(10.0), Eigen::VectorXd::Zero(1), adam(),
                                                    one_step_per_epoch(100, 5), progress);
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_EQ(seen, (std::vector<int>{1, 2}));
    EXPECT_EQ(outcome.epochs_run, 2);
    EXPECT_EQ(outcome.best_epoch, 2);
    EXPECT_NEAR(outcome.best_parameters(0), 2.0, 1e-6);
}

// A heartbeat within the first epoch can cancel; the unfinished epoch is discarded.
TEST(MinibatchTraining, HeartbeatCancelsWithinEpoch) {
    GradientProblem problem = climbing_problem(10.0);
    problem.train_rows = 10;
    TrainingSettings settings = one_step_per_epoch(100, 5);
    settings.batch_size = 2;
    settings.heartbeat_seconds = 0.0;  // a heartbeat after every batch
    std::vector<EpochReport> reports;
    const Progress progress = [&](const EpochReport& report) {
        reports.push_back(report);
        return false;
    };
    const TrainingOutcome outcome =
        train_minibatch(problem, Eigen::VectorXd::Constant(1, 0.25), adam(), settings, progress);
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_TRUE(reports[0].heartbeat);
    EXPECT_EQ(reports[0].epoch, 1);
    EXPECT_EQ(reports[0].train_loss, 1.0);
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_EQ(outcome.epochs_run, 0);
    EXPECT_EQ(outcome.best_epoch, 0);
    EXPECT_TRUE(outcome.history.empty());
    EXPECT_EQ(outcome.best_parameters(0), 0.25);
}

// A NaN loss or an infinite gradient stops the run as diverged and keeps the best parameters so far.
TEST(MinibatchTraining, DivergenceKeepsBestSoFar) {
    for (const bool bad_gradient : {false, true}) {
        GradientProblem problem = climbing_problem(10.0);
        // From epoch 4 on (θ ≈ 3 before its step) the batch loss breaks down.
        problem.batch_loss = [bad_gradient](const Eigen::VectorXd& theta, std::span<const Eigen::Index>,
                                            Eigen::VectorXd& gradient) {
            const bool broken = theta(0) > 2.5;
            gradient.setConstant(broken && bad_gradient ? INFINITY : -1.0);
            return broken && !bad_gradient ? NAN : 1.0;
        };
        const TrainingOutcome outcome =
            train_minibatch(problem, Eigen::VectorXd::Zero(1), adam(), one_step_per_epoch(100, 5), {});
        EXPECT_TRUE(outcome.diverged);
        EXPECT_EQ(outcome.epochs_run, 3);
        EXPECT_EQ(outcome.best_epoch, 3);
        EXPECT_NEAR(outcome.best_parameters(0), 3.0, 1e-6);
    }
}

// Every epoch visits each row once, in batches of batch_size with a smaller last one, in a fresh
// order; metrics reach the report.
TEST(MinibatchTraining, EpochsCoverEveryRowInShuffledBatches) {
    std::vector<std::vector<Eigen::Index>> batches;
    GradientProblem problem = climbing_problem(10.0);
    problem.train_rows = 10;
    problem.batch_loss = [&](const Eigen::VectorXd&, std::span<const Eigen::Index> rows, Eigen::VectorXd& gradient) {
        batches.emplace_back(rows.begin(), rows.end());
        gradient.setZero();
        return 1.0;
    };
    problem.metrics = [](const Eigen::VectorXd&) { return std::pair{0.25, 0.5}; };
    TrainingSettings settings = one_step_per_epoch(2, 0);
    settings.batch_size = 3;
    const TrainingOutcome outcome = train_minibatch(problem, Eigen::VectorXd::Zero(1), adam(), settings, {});
    ASSERT_EQ(batches.size(), 8u);
    std::vector<Eigen::Index> epoch_orders[2];
    for (std::size_t b = 0; b < batches.size(); ++b) {
        EXPECT_EQ(batches[b].size(), b % 4 == 3 ? 1u : 3u);
        epoch_orders[b / 4].insert(epoch_orders[b / 4].end(), batches[b].begin(), batches[b].end());
    }
    for (const std::vector<Eigen::Index>& order : epoch_orders)
        EXPECT_EQ(std::set<Eigen::Index>(order.begin(), order.end()).size(), 10u);
    EXPECT_NE(epoch_orders[0], epoch_orders[1]);
    EXPECT_EQ(outcome.history[1].train_metric, 0.25);
    EXPECT_EQ(outcome.history[1].valid_metric, 0.5);
    EXPECT_EQ(outcome.history[1].total, 2);
}

// The same seed gives the same run bit for bit; another seed shuffles differently.
TEST(MinibatchTraining, DeterministicPerSeed) {
    const LeastSquares data;
    TrainingSettings settings;
    settings.max_epochs = 5;
    settings.batch_size = 16;
    settings.learning_rate = 0.05;
    const auto run = [&](std::uint32_t seed) {
        settings.seed = seed;
        return train_minibatch(data.problem(), Eigen::VectorXd::Zero(4), adam(), settings, {});
    };
    const TrainingOutcome first = run(7), again = run(7), other = run(8);
    EXPECT_EQ(first.best_parameters, again.best_parameters);
    for (std::size_t e = 0; e < first.history.size(); ++e)
        EXPECT_EQ(first.history[e].train_loss, again.history[e].train_loss);
    EXPECT_NE(first.best_parameters, other.best_parameters);
}

// Settings the loop cannot run with are refused before any work.
TEST(MinibatchTraining, InvalidInputThrows) {
    GradientProblem problem = climbing_problem(1.0);
    TrainingSettings settings;
    settings.batch_size = 0;
    EXPECT_THROW(train_minibatch(problem, Eigen::VectorXd::Zero(1), adam(), settings, {}), ParamError);
    problem.train_rows = 0;
    EXPECT_THROW(train_minibatch(problem, Eigen::VectorXd::Zero(1), adam(), {}, {}), TrainingError);
}

}  // namespace
}  // namespace treelab
