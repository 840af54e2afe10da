#pragma once
// The part of a training run both loops share (minibatch_training.cpp, online_training.cpp):
// parameters, optimizer and schedule of the current start, gradient steps with clipping and
// divergence checks, heartbeats, end-of-period evaluation and reports, early stopping, and the best
// parameters over every start. Not for learners: they call the loops.
#include <chrono>
#include <limits>
#include <memory>
#include <random>

#include "core/optim/learning_rate_schedule.h"
#include "core/optim/optimizer.h"
#include "core/training/gradient_problem.h"

namespace treelab {

// What the loops pass down; the fields mean what they mean in TrainingSettings/OnlineSettings.
struct StepSettings {
    double learning_rate = 1e-3;
    OptimizerSettings optimizer;
    ScheduleSettings schedule;
    double clip_norm = 0.0;
    int patience = 0;  // periods without improvement that end a start; 0 = never
    std::uint32_t seed = 0;
    double heartbeat_seconds = 0.1;
    int total_periods = 0;  // EpochReport::total
    int starts = 1;
};

class TrainingState {
public:
    // Throws TrainingError/ParamError for a problem or settings the loops cannot run.
    TrainingState(const GradientProblem& problem, const StepSettings& settings, const Progress& progress);

    // Initial parameters, a new optimizer, schedule and random stream for start `start`.
    void begin_start(int start);
    // Calls the problem's epoch-start hook for `period`.
    void begin_period(int period);
    // One optimizer step on `batch`; false when the loss or gradient was not finite (the start
    // ends) or a heartbeat was answered with stop (the run ends).
    bool step(const Batch& batch);
    // Evaluates the period just finished (its training loss = the mean batch loss weighted by batch
    // size), records and reports it,
    // updates the best parameters and the schedule; false when this start ends (cancelled,
    // diverged, or out of patience).
    bool end_period();
    // Records the finished start's best (TrainingOutcome::starts) and folds it into the run's best;
    // call once per start.
    void end_start();

    bool cancelled() const { return outcome_.cancelled; }
    long long steps() const { return step_; }
    TrainingOutcome take_outcome();

private:
    // A new optimizer over the problem's groups with `schedule` started on it.
    void begin_stage(const ScheduleSettings& schedule);
    // The period's report as far as the loop knows it: where the run stands and this training loss.
    EpochReport base_report(double train_loss) const;
    bool report(const EpochReport& epoch_report);
    bool wants_snapshot(int period) const;
    bool float32() const { return static_cast<bool>(problem_.batch_loss_float32); }

    const GradientProblem& problem_;
    const StepSettings settings_;
    const Progress& progress_;
    std::unique_ptr<Optimizer> optimizer_;
    std::unique_ptr<LearningRateSchedule> schedule_;
    std::mt19937_64 rng_;
    std::chrono::duration<double> heartbeat_every_;
    std::chrono::steady_clock::time_point last_call_;
    Eigen::VectorXd parameters_, gradient_;
    // float32 storage (GradientProblem::batch_loss_float32): the live parameters, their gradient and
    // the start's best, which end_start() turns into start_best_parameters_; parameters_ then holds
    // the double copy the last evaluation read.
    Eigen::VectorXf parameters32_, gradient32_, start_best_parameters32_;
    Eigen::VectorXd before_step_;  // the parameters of the last step before it (evaluate_before_step)
    int start_ = 0, period_ = 0;
    long long step_ = 0;
    long long loss_queries_ = 0;  // this start's, when the problem counts them
    double period_loss_sum_ = 0.0;  // this period's batch losses weighted by batch size
    double period_rows_ = 0.0;
    // The current start's best; the run's best lives in outcome_.
    Eigen::VectorXd start_best_parameters_;
    double start_best_loss_ = std::numeric_limits<double>::infinity();
    int start_best_period_ = 0, periods_without_improvement_ = 0;
    double run_best_loss_ = std::numeric_limits<double>::infinity();
    TrainingOutcome outcome_;
    TreeModel snapshot_;  // the last period's tree (EpochReport::snapshot points here)
};

}  // namespace treelab
