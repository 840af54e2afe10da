// Parallel starts (GradientProblem::start_problem): the same outcome for any thread count, start 0
// as the sequential loop runs it, and a stop that ends every start.
#include <atomic>
#include <random>

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/training/minibatch_training.h"

namespace treelab {
namespace {

// Least squares ½‖Xw − y‖²/n on 120 synthetic rows; each start begins from its own point and
// counts its batch losses in a per-start counter (the per-start state a learner keeps).
struct ToyRegression {
    Eigen::MatrixXd x, y;

    ToyRegression() : x(120, 3), y(120, 1) {
        std::mt19937 engine(7);
        std::normal_distribution<double> normal;
        for (Eigen::Index r = 0; r < x.rows(); ++r) {
            for (Eigen::Index c = 0; c < 3; ++c) x(r, c) = normal(engine);
            y(r, 0) = 2.0 * x(r, 0) - x(r, 1) + 0.5 * normal(engine);
        }
    }

    GradientProblem problem() const {
        GradientProblem problem;
        problem.inputs = &x;
        problem.targets = &y;
        problem.initial_parameters = [](int start) { return Eigen::VectorXd::Constant(3, 1.0 - start); };
        auto calls = std::make_shared<long long>(0);
        problem.batch_loss = [calls](const Eigen::VectorXd& w, const Batch& batch, const StepContext&,
                                     Eigen::VectorXd& gradient) {
            ++*calls;
            const Eigen::VectorXd residual = batch.inputs * w - batch.targets.col(0);
            gradient = batch.inputs.transpose() * residual / static_cast<double>(batch.rows.size());
            return 0.5 * residual.squaredNorm() / static_cast<double>(batch.rows.size());
        };
        problem.validation_loss = [this](const Eigen::VectorXd& w) {
            // A validation loss that depends on the rows the start was shuffled through would
            // differ between threads if streams were shared; the full loss is enough here.
            return 0.5 * (x * w - y.col(0)).squaredNorm() / static_cast<double>(x.rows());
        };
        return problem;
    }

    GradientProblem parallel_problem() const {
        GradientProblem problem = this->problem();
        problem.start_problem = [this](int) { return this->problem(); };
        return problem;
    }
};

TrainingSettings settings(int restarts) {
    TrainingSettings settings;
    settings.max_epochs = 12;
    settings.batch_size = 16;
    settings.patience = 4;
    settings.restarts = restarts;
    settings.seed = 11;
    settings.optimizer.kind = "adam";
    settings.learning_rate = 0.05;
    settings.heartbeat_seconds = 1e9;
    return settings;
}

void expect_same(const TrainingOutcome& a, const TrainingOutcome& b) {
    EXPECT_EQ(a.best_parameters, b.best_parameters);
    EXPECT_EQ(a.best_epoch, b.best_epoch);
    EXPECT_EQ(a.best_start, b.best_start);
    EXPECT_EQ(a.epochs_run, b.epochs_run);
    EXPECT_EQ(a.cancelled, b.cancelled);
    ASSERT_EQ(a.history.size(), b.history.size());
    for (std::size_t k = 0; k < a.history.size(); ++k) {
        EXPECT_EQ(a.history[k].start, b.history[k].start) << k;
        EXPECT_EQ(a.history[k].epoch, b.history[k].epoch) << k;
        EXPECT_EQ(a.history[k].train_loss, b.history[k].train_loss) << k;
        EXPECT_EQ(a.history[k].valid_loss, b.history[k].valid_loss) << k;
    }
    ASSERT_EQ(a.starts.size(), b.starts.size());
    for (std::size_t k = 0; k < a.starts.size(); ++k) EXPECT_EQ(a.starts[k].best_parameters, b.starts[k].best_parameters);
}

TrainingOutcome train_with_threads(const GradientProblem& problem, const TrainingSettings& settings, int threads) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    return train_minibatch(problem, settings, [](const EpochReport&) { return true; });
}

TEST(ParallelStarts, GiveTheSameOutcomeWithOneAndTwoThreads) {
    const ToyRegression toy;
    const TrainingOutcome one = train_with_threads(toy.parallel_problem(), settings(4), 1);
    const TrainingOutcome two = train_with_threads(toy.parallel_problem(), settings(4), 2);
    expect_same(one, two);
    ASSERT_EQ(one.starts.size(), 5u);
    // The history lists the starts in order, each start's epochs in order.
    for (std::size_t k = 1; k < one.history.size(); ++k)
        EXPECT_TRUE(one.history[k - 1].start < one.history[k].start ||
                    (one.history[k - 1].start == one.history[k].start && one.history[k - 1].epoch + 1 == one.history[k].epoch));
}

TEST(ParallelStarts, StartZeroRunsAsTheSequentialLoopRunsIt) {
    const ToyRegression toy;
    // One start: the whole outcome is the sequential loop's.
    expect_same(train_with_threads(toy.parallel_problem(), settings(0), 2), train_with_threads(toy.problem(), settings(0), 2));
    // Several starts: start 0's epochs are the sequential loop's start 0 (its shuffle stream is the run's seed).
    const TrainingOutcome parallel = train_with_threads(toy.parallel_problem(), settings(3), 2);
    const TrainingOutcome sequential = train_with_threads(toy.problem(), settings(3), 2);
    std::size_t k = 0;
    for (; k < parallel.history.size() && parallel.history[k].start == 0; ++k)
        EXPECT_EQ(parallel.history[k].train_loss, sequential.history[k].train_loss) << k;
    EXPECT_GT(k, 0u);
    EXPECT_EQ(parallel.starts[0].best_parameters, sequential.starts[0].best_parameters);
}

TEST(ParallelStarts, ChooseTheLowestSelectionLossTiesToTheEarlierStart) {
    const ToyRegression toy;
    GradientProblem problem = toy.parallel_problem();
    // Every start from the same point: equal losses, so the earliest start wins.
    problem.start_problem = [&toy](int) {
        GradientProblem same = toy.problem();
        same.initial_parameters = [](int) { return Eigen::VectorXd::Constant(3, 0.5); };
        same.batch_loss = [](const Eigen::VectorXd& w, const Batch&, const StepContext&, Eigen::VectorXd& gradient) {
            gradient = w;
            return 0.5 * w.squaredNorm();
        };
        return same;
    };
    TrainingSettings full = settings(2);
    full.full_batch = true;
    EXPECT_EQ(train_with_threads(problem, full, 2).best_start, 0);
    // Start 2 begins nearest the optimum: it wins.
    problem.start_problem = [&toy](int start) {
        GradientProblem own = toy.problem();
        own.initial_parameters = [start](int) -> Eigen::VectorXd {
            return start == 2 ? Eigen::Vector3d(2.0, -1.0, 0.0) : Eigen::Vector3d::Zero();
        };
        return own;
    };
    TrainingSettings slow = settings(2);
    slow.learning_rate = 1e-3;
    EXPECT_EQ(train_with_threads(problem, slow, 2).best_start, 2);
}

TEST(ParallelStarts, AStopEndsEveryStart) {
    const ToyRegression toy;
    TrainingSettings long_run = settings(3);
    long_run.max_epochs = 1000;
    long_run.patience = 0;
    std::atomic<int> reports{0};
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    const TrainingOutcome outcome = train_minibatch(toy.parallel_problem(), long_run, [&](const EpochReport& report) {
        EXPECT_FALSE(report.heartbeat);
        return ++reports < 10;
    });
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_EQ(reports.load(), 10);  // no report after the stop
    // The stopped epoch is recorded, as in the sequential loop, and so may be the epoch the start
    // running beside it on the second thread was finishing when the stop came (its report is not sent).
    EXPECT_LE(outcome.epochs_run, 11);
    EXPECT_FALSE(outcome.starts.empty());
    EXPECT_EQ(outcome.best_parameters.size(), 3);
}

}  // namespace
}  // namespace treelab
