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

    Eigen::MatrixXd targets() const { return y; }

    // The batch rows arrive gathered: the loss reads batch.inputs and batch.targets only.
    GradientProblem problem(const Eigen::MatrixXd& y_matrix) const {
        GradientProblem problem;
        problem.inputs = &x;
        problem.targets = &y_matrix;
        problem.initial_parameters = [](int) { return Eigen::VectorXd::Zero(4); };
        problem.batch_loss = [](const Eigen::VectorXd& w, const Batch& batch, const StepContext&, Eigen::VectorXd& gradient) {
            const Eigen::VectorXd residual = batch.inputs * w - batch.targets.col(0);
            gradient = batch.inputs.transpose() * residual / static_cast<double>(batch.rows.size());
            return 0.5 * residual.squaredNorm() / static_cast<double>(batch.rows.size());
        };
        problem.validation_loss = [this](const Eigen::VectorXd& w) { return full_loss(w); };
        return problem;
    }
};

TrainingSettings with_adam(TrainingSettings settings, double learning_rate) {
    settings.optimizer.kind = "adam";
    settings.learning_rate = learning_rate;
    return settings;
}

// Rows that carry only their own index, for problems whose loss ignores the data.
struct IndexRows {
    Eigen::MatrixXd rows;
    explicit IndexRows(Eigen::Index count) : rows(Eigen::VectorXd::LinSpaced(count, 0.0, static_cast<double>(count - 1))) {}
};

// One parameter that moves by ≈ +1 per epoch (one Adam step of lr 1 on a constant gradient −1);
// the validation loss |θ − target| therefore falls until epoch `target` and rises afterwards.
GradientProblem climbing_problem(double target, const IndexRows& data, double initial = 0.0) {
    GradientProblem problem;
    problem.inputs = &data.rows;
    problem.targets = &data.rows;
    problem.initial_parameters = [initial](int) { return Eigen::VectorXd::Constant(1, initial); };
    problem.batch_loss = [](const Eigen::VectorXd&, const Batch&, const StepContext&, Eigen::VectorXd& gradient) {
        gradient.setConstant(-1.0);
        return 1.0;
    };
    problem.validation_loss = [target](const Eigen::VectorXd& theta) { return std::abs(theta(0) - target); };
    return problem;
}

TrainingSettings one_step_per_epoch(int max_epochs, int patience) {
    TrainingSettings settings;
    settings.max_epochs = max_epochs;
    settings.batch_size = 4;
    settings.patience = patience;
    settings.heartbeat_seconds = kNoHeartbeat;
    return with_adam(settings, 1.0);
}

const IndexRows four(4), ten(10);

// Minibatch QHAdam with the plateau schedule reaches the closed-form least-squares solution up to
// the minibatch noise (seeds 1-5 give parameter errors 8e-4 to 1.3e-3).
TEST(MinibatchTraining, ConvergesToLeastSquaresSolution) {
    const LeastSquares data;
    const Eigen::MatrixXd y = data.targets();
    TrainingSettings settings;
    settings.max_epochs = 150;
    settings.batch_size = 16;
    settings.patience = 0;
    settings.schedule.kind = "plateau";
    settings.schedule.factor = 0.5;
    settings.schedule.patience = 5;
    settings.seed = 3;
    settings.optimizer.kind = "qhadam";
    settings.optimizer.beta1 = 0.995;
    settings.learning_rate = 0.1;
    const TrainingOutcome outcome = train_minibatch(data.problem(y), settings, {});
    const Eigen::VectorXd exact = data.closed_form();
    EXPECT_LT((outcome.best_parameters - exact).norm(), 5e-3)
        << outcome.best_parameters.transpose() << " vs " << exact.transpose();
    EXPECT_LT(data.full_loss(outcome.best_parameters) / data.full_loss(exact) - 1.0, 1e-4);
    EXPECT_EQ(outcome.epochs_run, 150);
    EXPECT_FALSE(outcome.diverged);
    EXPECT_FALSE(outcome.cancelled);
}

// Full-batch mode: one step per epoch on the whole training set, in order, read in place (no copy).
TEST(MinibatchTraining, FullBatchStepsOnTheWholeSetInPlace) {
    const LeastSquares data;
    const Eigen::MatrixXd y = data.targets();
    GradientProblem problem = data.problem(y);
    std::vector<const double*> seen;
    std::vector<std::vector<Eigen::Index>> orders;
    const auto loss = problem.batch_loss;
    problem.batch_loss = [&](const Eigen::VectorXd& w, const Batch& batch, const StepContext& context, Eigen::VectorXd& g) {
        seen.push_back(batch.inputs.data());
        orders.emplace_back(batch.rows.begin(), batch.rows.end());
        return loss(w, batch, context, g);
    };
    TrainingSettings settings = with_adam({}, 0.05);
    settings.full_batch = true;
    settings.max_epochs = 300;
    settings.patience = 0;
    const TrainingOutcome outcome = train_minibatch(problem, settings, {});
    ASSERT_EQ(seen.size(), 300u);
    for (std::size_t e = 0; e < seen.size(); ++e) {
        EXPECT_EQ(seen[e], data.x.data()) << "the training matrix itself, not a copy";
        ASSERT_EQ(orders[e].size(), 200u);
        for (std::size_t r = 0; r < orders[e].size(); ++r) EXPECT_EQ(orders[e][r], static_cast<Eigen::Index>(r));
    }
    EXPECT_EQ(outcome.history.back().step, 300);
    EXPECT_LT((outcome.best_parameters - data.closed_form()).norm(), 1e-2);
}

// Batches are gathered into one buffer allocated once: every batch of a run reads the same memory,
// and holds exactly the rows its indices name.
TEST(MinibatchTraining, GathersBatchRowsIntoOneBuffer) {
    const LeastSquares data;
    const Eigen::MatrixXd y = data.targets();
    GradientProblem problem = data.problem(y);
    std::set<const double*> buffers;
    bool rows_match = true;
    problem.batch_loss = [&](const Eigen::VectorXd&, const Batch& batch, const StepContext&, Eigen::VectorXd& g) {
        buffers.insert(batch.inputs.data());
        for (std::size_t k = 0; k < batch.rows.size(); ++k) {
            const auto i = static_cast<Eigen::Index>(k);
            rows_match = rows_match && batch.inputs.row(i) == data.x.row(batch.rows[k]) &&
                         batch.targets(i, 0) == data.y(batch.rows[k]);
        }
        g.setZero();
        return 0.0;
    };
    TrainingSettings settings = with_adam({}, 0.05);
    settings.max_epochs = 3;
    settings.batch_size = 16;  // 12 full batches and one of 8 per epoch
    train_minibatch(problem, settings, {});
    EXPECT_EQ(buffers.size(), 1u);
    EXPECT_NE(*buffers.begin(), data.x.data());
    EXPECT_TRUE(rows_match);
}

// Training stops `patience` epochs after the best validation loss and returns that epoch's parameters.
TEST(MinibatchTraining, EarlyStoppingKeepsBestParameters) {
    const TrainingOutcome outcome = train_minibatch(climbing_problem(3.0, four), one_step_per_epoch(100, 5), {});
    EXPECT_EQ(outcome.best_epoch, 3);
    EXPECT_EQ(outcome.epochs_run, 8);
    EXPECT_EQ(outcome.history.size(), 8u);
    EXPECT_NEAR(outcome.best_parameters(0), 3.0, 1e-6);
    EXPECT_NEAR(outcome.history[2].valid_loss, 0.0, 1e-6);
}

// An equal validation loss counts as an improvement (<=, as the LatentTrees scripts), so a flat
// loss never stops the run and the last epoch is the best.
TEST(MinibatchTraining, EqualLossCountsAsImprovement) {
    GradientProblem problem = climbing_problem(0.0, four);
    problem.validation_loss = [](const Eigen::VectorXd&) { return 1.0; };
    const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(12, 2), {});
    EXPECT_EQ(outcome.epochs_run, 12);
    EXPECT_EQ(outcome.best_epoch, 12);
}

// Without a validation loss the epoch's mean training loss is watched and valid_loss is NaN.
TEST(MinibatchTraining, WithoutValidationWatchesTrainingLoss) {
    GradientProblem problem = climbing_problem(0.0, four);
    problem.validation_loss = nullptr;
    // The batch loss |θ − 3| is taken before the step, so it is smallest in epoch 4.
    problem.batch_loss = [](const Eigen::VectorXd& theta, const Batch&, const StepContext&, Eigen::VectorXd& gradient) {
        gradient.setConstant(-1.0);
        return std::abs(theta(0) - 3.0);
    };
    const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(100, 3), {});
    EXPECT_EQ(outcome.best_epoch, 4);
    EXPECT_EQ(outcome.epochs_run, 7);
    EXPECT_NEAR(outcome.best_parameters(0), 4.0, 1e-6);
    EXPECT_TRUE(std::isnan(outcome.history[0].valid_loss));
}

// A selection loss, when the learner gives one, decides the best epoch instead of the validation loss.
TEST(MinibatchTraining, SelectionLossDecidesTheBestEpoch) {
    GradientProblem problem = climbing_problem(3.0, four);
    problem.selection_loss = [](const Eigen::VectorXd& theta) { return std::abs(theta(0) - 6.0); };
    const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(100, 2), {});
    EXPECT_EQ(outcome.best_epoch, 6);
    EXPECT_EQ(outcome.epochs_run, 8);
    EXPECT_NEAR(outcome.history[2].valid_loss, 0.0, 1e-6) << "the validation loss is still reported";
}

// Returning false from progress at the end of epoch 2 stops at once with the best parameters so far.
TEST(MinibatchTraining, CancelAfterEpochKeepsBestSoFar) {
    std::vector<int> seen;
    const Progress progress = [&](const EpochReport& report) {
        seen.push_back(report.epoch);
        return report.epoch < 2;
    };
    const TrainingOutcome outcome = train_minibatch(climbing_problem(10.0, four), one_step_per_epoch(100, 5), progress);
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_EQ(seen, (std::vector<int>{1, 2}));
    EXPECT_EQ(outcome.epochs_run, 2);
    EXPECT_EQ(outcome.best_epoch, 2);
    EXPECT_NEAR(outcome.best_parameters(0), 2.0, 1e-6);
}

// A heartbeat within the first epoch can cancel; the unfinished epoch is discarded.
TEST(MinibatchTraining, HeartbeatCancelsWithinEpoch) {
    GradientProblem problem = climbing_problem(10.0, ten, 0.25);
    TrainingSettings settings = one_step_per_epoch(100, 5);
    settings.batch_size = 2;
    settings.heartbeat_seconds = 0.0;  // a heartbeat after every batch
    std::vector<EpochReport> reports;
    const Progress progress = [&](const EpochReport& report) {
        reports.push_back(report);
        return false;
    };
    const TrainingOutcome outcome = train_minibatch(problem, settings, progress);
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_TRUE(reports[0].heartbeat);
    EXPECT_EQ(reports[0].epoch, 1);
    EXPECT_EQ(reports[0].step, 1);
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
        GradientProblem problem = climbing_problem(10.0, four);
        // From epoch 4 on (θ ≈ 3 before its step) the batch loss breaks down.
        problem.batch_loss = [bad_gradient](const Eigen::VectorXd& theta, const Batch&, const StepContext&,
                                            Eigen::VectorXd& gradient) {
            const bool broken = theta(0) > 2.5;
            gradient.setConstant(broken && bad_gradient ? INFINITY : -1.0);
            return broken && !bad_gradient ? NAN : 1.0;
        };
        const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(100, 5), {});
        EXPECT_TRUE(outcome.diverged);
        EXPECT_EQ(outcome.epochs_run, 3);
        EXPECT_EQ(outcome.best_epoch, 3);
        EXPECT_NEAR(outcome.best_parameters(0), 3.0, 1e-6);
    }
}

// Every epoch visits each row once, in batches of batch_size with a smaller last one, in a fresh
// order; metrics reach the report under their name; the context counts epochs and steps.
TEST(MinibatchTraining, EpochsCoverEveryRowInShuffledBatches) {
    std::vector<std::vector<Eigen::Index>> batches;
    std::vector<std::pair<int, long long>> contexts;
    GradientProblem problem = climbing_problem(10.0, ten);
    problem.batch_loss = [&](const Eigen::VectorXd&, const Batch& batch, const StepContext& context, Eigen::VectorXd& gradient) {
        batches.emplace_back(batch.rows.begin(), batch.rows.end());
        contexts.emplace_back(context.epoch, context.step);
        gradient.setZero();
        return 1.0;
    };
    problem.metrics = [](const Eigen::VectorXd&) { return std::pair{0.25, 0.5}; };
    problem.metric = "accuracy";
    TrainingSettings settings = one_step_per_epoch(2, 0);
    settings.batch_size = 3;
    const TrainingOutcome outcome = train_minibatch(problem, settings, {});
    ASSERT_EQ(batches.size(), 8u);
    std::vector<Eigen::Index> epoch_orders[2];
    for (std::size_t b = 0; b < batches.size(); ++b) {
        EXPECT_EQ(batches[b].size(), b % 4 == 3 ? 1u : 3u);
        epoch_orders[b / 4].insert(epoch_orders[b / 4].end(), batches[b].begin(), batches[b].end());
        EXPECT_EQ(contexts[b], (std::pair<int, long long>{static_cast<int>(b / 4) + 1, static_cast<long long>(b)}));
    }
    for (const std::vector<Eigen::Index>& order : epoch_orders)
        EXPECT_EQ(std::set<Eigen::Index>(order.begin(), order.end()).size(), 10u);
    EXPECT_NE(epoch_orders[0], epoch_orders[1]);
    EXPECT_EQ(outcome.history[1].train_metric, 0.25);
    EXPECT_EQ(outcome.history[1].valid_metric, 0.5);
    EXPECT_EQ(outcome.history[1].metric, "accuracy");
    EXPECT_EQ(outcome.history[1].total, 2);
    EXPECT_EQ(outcome.history[1].step, 8);
}

// The epoch-start hook runs before each epoch's first step, sees the epoch, and may change the parameters.
TEST(MinibatchTraining, EpochStartHookCanChangeTheParameters) {
    GradientProblem problem = climbing_problem(100.0, four);
    std::vector<int> epochs;
    problem.on_epoch_start = [&](const StepContext& context, Eigen::VectorXd& theta) -> std::optional<ScheduleSettings> {
        epochs.push_back(context.epoch);
        if (context.epoch == 3) theta(0) = 50.0;  // a new stage starts from elsewhere
        return std::nullopt;
    };
    const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(4, 0), {});
    EXPECT_EQ(epochs, (std::vector<int>{1, 2, 3, 4}));
    EXPECT_NEAR(outcome.best_parameters(0), 52.0, 1e-6);
}

// A schedule returned by the epoch-start hook begins a new stage: a fresh optimizer with that
// schedule started on it (a warm-up from rate 0 holds the parameters still for the stage's first step).
TEST(MinibatchTraining, EpochStartHookCanBeginAStage) {
    GradientProblem problem = climbing_problem(100.0, four);
    std::vector<double> thetas;
    problem.metrics = [&](const Eigen::VectorXd& theta) {
        thetas.push_back(theta(0));
        return std::pair{0.0, 0.0};
    };
    problem.on_epoch_start = [](const StepContext& context, Eigen::VectorXd&) -> std::optional<ScheduleSettings> {
        if (context.epoch != 3) return std::nullopt;
        ScheduleSettings stage;
        stage.kind = "warmup_cosine";
        stage.warmup_steps = 2;
        stage.total_steps = 10;
        return stage;
    };
    train_minibatch(problem, one_step_per_epoch(4, 0), {});
    ASSERT_EQ(thetas.size(), 4u);
    EXPECT_NEAR(thetas[1], 2.0, 1e-6);
    EXPECT_EQ(thetas[2], thetas[1]) << "the new stage's first rate is its warm-up's 0";
    EXPECT_NEAR(thetas[3], 2.5, 1e-6) << "then half the rate, from an optimizer with no moments";
}

// With evaluate_before_step, each epoch is scored on the parameters its step started from: the
// first epoch sees the initial parameters, and the best parameters are those scored.
TEST(MinibatchTraining, EvaluationBeforeTheStepScoresTheStepsStartingPoint) {
    GradientProblem problem = climbing_problem(100.0, four);
    std::vector<double> thetas;
    problem.metrics = [&](const Eigen::VectorXd& theta) {
        thetas.push_back(theta(0));
        return std::pair{0.0, 0.0};
    };
    problem.selection_loss = [](const Eigen::VectorXd& theta) { return std::abs(theta(0) - 1.0); };
    problem.evaluate_before_step = true;
    const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(4, 0), {});
    ASSERT_EQ(thetas.size(), 4u);
    EXPECT_EQ(thetas[0], 0.0) << "the initial parameters";
    EXPECT_NEAR(thetas[1], 1.0, 1e-6);
    EXPECT_NEAR(outcome.best_parameters(0), 1.0, 1e-6) << "epoch 2's scored parameters, not those after its step";
    EXPECT_EQ(outcome.best_epoch, 2);
}

// Restarts begin again from each start's parameters with a fresh optimizer; the start with the
// lowest best loss wins, and every report says which start it belongs to.
TEST(MinibatchTraining, RestartsKeepTheBestStart) {
    GradientProblem problem = climbing_problem(7.0, four);
    problem.initial_parameters = [](int start) { return Eigen::VectorXd::Constant(1, start == 1 ? 5.5 : 0.0); };
    TrainingSettings settings = one_step_per_epoch(3, 0);
    settings.restarts = 2;
    std::vector<std::pair<int, int>> starts;
    const TrainingOutcome outcome = train_minibatch(problem, settings, [&](const EpochReport& report) {
        starts.emplace_back(report.start, report.starts);
        EXPECT_EQ(report.step, report.epoch) << "the step count restarts with each start";
        return true;
    });
    ASSERT_EQ(starts.size(), 9u);
    for (std::size_t k = 0; k < starts.size(); ++k) EXPECT_EQ(starts[k], (std::pair<int, int>{static_cast<int>(k / 3), 3}));
    // Starts 0 and 2 reach 1, 2, 3 (best loss 4); start 1 reaches 6.5, 7.5, 8.5, where Adam's steps
    // of 1 − 1e-8 make 7.5 − 2e-8 the closest to 7.
    EXPECT_EQ(outcome.best_start, 1);
    EXPECT_EQ(outcome.best_epoch, 2);
    EXPECT_EQ(outcome.epochs_run, 9);
    EXPECT_NEAR(outcome.best_parameters(0), 7.5, 1e-6);
}

// Every start's own best is kept beside the run's: its parameters, epoch and selection loss, so
// that a learner can return each start's tree; a stop leaves the starts never begun out.
TEST(MinibatchTraining, KeepsEveryStartsBest) {
    GradientProblem problem = climbing_problem(7.0, four);
    problem.initial_parameters = [](int start) { return Eigen::VectorXd::Constant(1, start == 1 ? 5.5 : 0.0); };
    TrainingSettings settings = one_step_per_epoch(3, 0);
    settings.restarts = 2;
    const TrainingOutcome outcome = train_minibatch(problem, settings, {});
    ASSERT_EQ(outcome.starts.size(), 3u);
    for (const std::size_t k : {0u, 2u}) {
        EXPECT_EQ(outcome.starts[k].best_epoch, 3);
        EXPECT_NEAR(outcome.starts[k].best_parameters(0), 3.0, 1e-6);
        EXPECT_NEAR(outcome.starts[k].selection_loss, 4.0, 1e-6);
    }
    EXPECT_EQ(outcome.starts[1].best_epoch, 2);
    EXPECT_EQ(outcome.starts[1].best_parameters, outcome.best_parameters) << "the winning start is one of them";

    int reports = 0;
    const TrainingOutcome stopped = train_minibatch(problem, settings, [&](const EpochReport&) { return ++reports < 4; });
    ASSERT_EQ(stopped.starts.size(), 2u) << "stopped at start 1's first epoch";
    EXPECT_EQ(stopped.starts[1].best_epoch, 1) << "the stopped epoch was evaluated, then the run ended";
    EXPECT_NEAR(stopped.starts[1].best_parameters(0), 6.5, 1e-6);
}

// Parameter groups step at their own rates, and parameters in no group stay frozen.
TEST(MinibatchTraining, GroupsStepAtTheirOwnRates) {
    GradientProblem problem = climbing_problem(100.0, four);
    problem.initial_parameters = [](int) { return Eigen::VectorXd::Zero(3); };
    problem.groups = {ParameterGroup{"fast", 0, 1, 1.0, 0.0}, ParameterGroup{"slow", 1, 1, 0.25, 0.0}};
    const TrainingOutcome outcome = train_minibatch(problem, one_step_per_epoch(4, 0), {});
    EXPECT_NEAR(outcome.best_parameters(0), 4.0, 1e-6);
    EXPECT_NEAR(outcome.best_parameters(1), 1.0, 1e-6);
    EXPECT_EQ(outcome.best_parameters(2), 0.0);
}

// Clipping bounds each step's gradient norm: with SGD at rate 1 the parameter moves by the clip norm per step.
TEST(MinibatchTraining, ClipsTheGradientNorm) {
    GradientProblem problem = climbing_problem(100.0, four);
    problem.batch_loss = [](const Eigen::VectorXd&, const Batch&, const StepContext&, Eigen::VectorXd& gradient) {
        gradient.setConstant(-10.0);
        return 1.0;
    };
    TrainingSettings settings = one_step_per_epoch(5, 0);
    settings.optimizer.kind = "sgd";
    settings.clip_norm = 0.5;
    const TrainingOutcome outcome = train_minibatch(problem, settings, {});
    EXPECT_NEAR(outcome.best_parameters(0), 2.5, 1e-5);  // 5 steps of 0.5 (torch's 1e-6 in the clip coefficient)
}

// The same seed gives the same run bit for bit; another seed shuffles differently.
TEST(MinibatchTraining, DeterministicPerSeed) {
    const LeastSquares data;
    const Eigen::MatrixXd y = data.targets();
    TrainingSettings settings = with_adam({}, 0.05);
    settings.max_epochs = 5;
    settings.batch_size = 16;
    const auto run = [&](std::uint32_t seed) {
        settings.seed = seed;
        return train_minibatch(data.problem(y), settings, {});
    };
    const TrainingOutcome first = run(7), again = run(7), other = run(8);
    EXPECT_EQ(first.best_parameters, again.best_parameters);
    for (std::size_t e = 0; e < first.history.size(); ++e)
        EXPECT_EQ(first.history[e].train_loss, again.history[e].train_loss);
    EXPECT_NE(first.best_parameters, other.best_parameters);
}

// Settings the loop cannot run with are refused before any work.
TEST(MinibatchTraining, InvalidInputThrows) {
    GradientProblem problem = climbing_problem(1.0, four);
    TrainingSettings settings;
    settings.batch_size = 0;
    EXPECT_THROW(train_minibatch(problem, settings, {}), ParamError);
    settings.batch_size = 1;
    settings.restarts = -1;
    EXPECT_THROW(train_minibatch(problem, settings, {}), ParamError);
    const Eigen::MatrixXd empty(0, 1);
    problem.inputs = &empty;
    problem.targets = &empty;
    EXPECT_THROW(train_minibatch(problem, {}, {}), TrainingError);
}

}  // namespace
}  // namespace treelab
