// The shared core of the training loops (training_state.h). Early stopping follows the
// LatentTrees scripts: an epoch improves when its selection loss is <= the start's best so far,
// and a start ends after `patience` epochs without improvement. Across starts the strictly
// lowest best loss wins, so ties keep the earlier start (GradTree's restarts, 001 App. A).
#include "core/training/training_state.h"

#include <cmath>
#include <tuple>
#include <utility>

#include "core/error.h"
#include "core/optim/gradient_clipping.h"

namespace treelab {
namespace {

constexpr double kNotComputed = std::numeric_limits<double>::quiet_NaN();

void check(const GradientProblem& problem, const StepSettings& settings) {
    if (!problem.inputs || !problem.targets || problem.inputs->rows() == 0)
        throw TrainingError("There are no training rows to learn from.");
    if (problem.targets->rows() != problem.inputs->rows())
        throw TrainingError("The learner gave the training loop targets for a different number of rows.");
    if ((!problem.batch_loss && !problem.batch_loss_float32) || !problem.initial_parameters)
        throw TrainingError("The learner gave the training loop no batch loss or no initial parameters.");
    if (problem.batch_loss_float32 && problem.on_epoch_start)
        throw TrainingError("The learner asked for float32 storage and an epoch-start hook, which changes the parameters in double.");
    if (settings.patience < 0) throw ParamError("patience must be zero or positive");
    if (settings.starts < 1) throw ParamError("restarts must be zero or positive");
    if (!(settings.clip_norm >= 0.0)) throw ParamError("the gradient clipping norm must be zero or positive");
    if (!(settings.heartbeat_seconds >= 0.0)) throw ParamError("heartbeat_seconds must be zero or positive");
}

}  // namespace

TrainingState::TrainingState(const GradientProblem& problem, const StepSettings& settings, const Progress& progress)
    : problem_(problem), settings_(settings), progress_(progress), heartbeat_every_(settings.heartbeat_seconds) {
    check(problem, settings);
    last_call_ = std::chrono::steady_clock::now();
}

void TrainingState::begin_start(int start) {
    start_ = start;
    period_ = 0;
    step_ = 0;
    loss_queries_ = 0;
    parameters_ = problem_.initial_parameters(start);
    if (parameters_.size() == 0) throw TrainingError("The learner has no parameters to train.");
    if (float32()) {
        parameters32_ = parameters_.cast<float>();
        parameters_ = parameters32_.cast<double>();  // what the start begins from, as evaluated
        gradient32_.resize(parameters32_.size());
    } else {
        gradient_.resize(parameters_.size());
    }
    begin_stage(settings_.schedule);
    std::seed_seq seeds{settings_.seed, static_cast<std::uint32_t>(start)};
    rng_.seed(seeds);
    if (float32())
        start_best_parameters32_ = parameters32_;
    else
        start_best_parameters_ = parameters_;
    start_best_loss_ = std::numeric_limits<double>::infinity();
    start_best_period_ = 0;
    periods_without_improvement_ = 0;
}

void TrainingState::begin_period(int period) {
    period_ = period;
    period_loss_sum_ = 0.0;
    period_rows_ = 0.0;
    if (!problem_.on_epoch_start) return;
    const std::optional<ScheduleSettings> stage = problem_.on_epoch_start(StepContext{period, step_, start_, &rng_}, parameters_);
    if (stage) begin_stage(*stage);
}

void TrainingState::begin_stage(const ScheduleSettings& schedule) {
    optimizer_ = make_optimizer(settings_.optimizer, problem_.groups.empty()
                                                         ? single_group(parameters_.size(), settings_.learning_rate)
                                                         : problem_.groups);
    schedule_ = make_schedule(schedule);
    schedule_->start(*optimizer_);
}

bool TrainingState::step(const Batch& batch) {
    const StepContext context{period_, step_, start_, &rng_};
    const double loss = float32() ? problem_.batch_loss_float32(parameters32_, batch, context, gradient32_)
                                  : problem_.batch_loss(parameters_, batch, context, gradient_);
    if (problem_.loss_queries) loss_queries_ += problem_.loss_queries();
    // One pass over the gradient in the common case: a finite squared norm means finite entries (an
    // infinite one may still come from finite entries too large to square).
    const double squared_norm = float32() ? treelab::squared_norm({gradient32_.data(), static_cast<std::size_t>(gradient32_.size())}) : gradient_.squaredNorm();
    if (!std::isfinite(loss) || (!std::isfinite(squared_norm) && !(float32() ? gradient32_.allFinite() : gradient_.allFinite()))) {
        outcome_.diverged = true;
        return false;
    }
    const double clip = settings_.clip_norm > 0.0 ? clip_coefficient(settings_.clip_norm, std::sqrt(squared_norm)) : 1.0;
    if (problem_.evaluate_before_step) before_step_ = float32() ? parameters32_.cast<double>() : parameters_;
    if (float32())
        optimizer_->step(parameters32_, gradient32_, clip);
    else
        optimizer_->step(parameters_, gradient_, clip);
    schedule_->after_step(*optimizer_);
    ++step_;
    const auto rows = static_cast<double>(batch.rows.size());
    period_loss_sum_ += loss * rows;
    period_rows_ += rows;
    if (progress_ && std::chrono::steady_clock::now() - last_call_ >= heartbeat_every_) {
        EpochReport heartbeat = base_report(period_loss_sum_ / period_rows_);
        heartbeat.heartbeat = true;
        if (!report(heartbeat)) return false;
    }
    return true;
}

bool TrainingState::end_period() {
    const double train_loss = period_loss_sum_ / period_rows_;
    if (float32() && !problem_.evaluate_before_step) parameters_ = parameters32_.cast<double>();
    const Eigen::VectorXd& evaluated = problem_.evaluate_before_step ? before_step_ : parameters_;
    EpochReport epoch_report = base_report(train_loss);
    if (problem_.validation_loss) epoch_report.valid_loss = problem_.validation_loss(evaluated);
    if (problem_.metrics) std::tie(epoch_report.train_metric, epoch_report.valid_metric) = problem_.metrics(evaluated);
    if (problem_.active_nodes) epoch_report.active_nodes = problem_.active_nodes(evaluated);
    if (problem_.schedule_value) {
        epoch_report.schedule_value = problem_.schedule_value();
        epoch_report.schedule_name = problem_.schedule_name;
    }
    const double selection = problem_.selection_loss  ? problem_.selection_loss(evaluated)
                             : problem_.validation_loss ? epoch_report.valid_loss
                                                        : train_loss;
    outcome_.history.push_back(epoch_report);
    ++outcome_.epochs_run;
    const bool diverged = !std::isfinite(selection);
    outcome_.diverged = outcome_.diverged || diverged;
    if (!diverged && (problem_.keep_last || selection <= start_best_loss_)) {  // <=, as the LatentTrees scripts
        start_best_loss_ = selection;
        start_best_period_ = period_;
        if (float32())
            start_best_parameters32_ = evaluated.cast<float>();  // exact: evaluated holds float32 values
        else
            start_best_parameters_ = evaluated;
        periods_without_improvement_ = 0;
    } else {
        ++periods_without_improvement_;
    }
    if (progress_ && wants_snapshot(period_)) {
        snapshot_ = problem_.snapshot(evaluated);
        epoch_report.snapshot = &snapshot_;
    }
    if ((progress_ && !report(epoch_report)) || diverged) return false;
    if (settings_.patience > 0 && periods_without_improvement_ >= settings_.patience) return false;
    if (problem_.start_finished && problem_.start_finished(StepContext{period_, step_, start_, &rng_})) return false;
    schedule_->after_epoch(*optimizer_, selection);
    return true;
}

void TrainingState::end_start() {
    if (float32()) {
        // The start's float32 state is done with: free it before the double copies of its best are made.
        parameters32_ = {};
        gradient32_ = {};
        parameters_ = {};
        optimizer_.reset();
        start_best_parameters_ = start_best_parameters32_.cast<double>();
        start_best_parameters32_ = {};
    }
    const bool run_best = start_best_period_ > 0 && start_best_loss_ < run_best_loss_;
    if (run_best) {
        run_best_loss_ = start_best_loss_;
        outcome_.best_epoch = start_best_period_;
        outcome_.best_start = start_;
    }
    // The first start's best is also what a run with no finished epoch returns (its initial
    // parameters). Copied here, at the end, and moved into the start's outcome, so that a run holds
    // one copy of the parameters besides the live ones while it trains (10⁸ weights for DGT at
    // height 10 with run.sh's widths).
    if (run_best || start_ == 0) outcome_.best_parameters = start_best_parameters_;
    outcome_.starts.push_back({std::move(start_best_parameters_), start_best_period_, start_best_loss_});
}

EpochReport TrainingState::base_report(double train_loss) const {
    EpochReport report;
    report.epoch = period_;
    report.total = settings_.total_periods;
    report.step = step_;
    report.loss_queries = problem_.loss_queries ? loss_queries_ : -1;
    report.start = start_;
    report.starts = settings_.starts;
    report.train_loss = train_loss;
    report.valid_loss = report.train_metric = report.valid_metric = kNotComputed;
    report.metric = problem_.metric;
    return report;
}

TrainingOutcome TrainingState::take_outcome() { return std::move(outcome_); }

bool TrainingState::report(const EpochReport& epoch_report) {
    last_call_ = std::chrono::steady_clock::now();
    outcome_.cancelled = !progress_(epoch_report);
    return !outcome_.cancelled;
}

bool TrainingState::wants_snapshot(int period) const {
    return problem_.snapshot && problem_.snapshot_every > 0 &&
           (period == 1 || period % problem_.snapshot_every == 0 || period == settings_.total_periods);
}

}  // namespace treelab
