// The shared minibatch loop (minibatch_training.h). Early stopping follows the LatentTrees scripts
// (no_improv counts epochs whose loss is not <= the best; stop when it reaches the patience);
// the learning-rate schedule is optim/plateau_schedule.h.
#include "core/training/minibatch_training.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>
#include <utility>

#include "core/data/numpy_random.h"
#include "core/error.h"
#include "core/optim/plateau_schedule.h"

namespace treelab {
namespace {

constexpr double kNotComputed = std::numeric_limits<double>::quiet_NaN();

using Clock = std::chrono::steady_clock;

// A report whose values other than the training loss are not computed yet.
EpochReport report_with(int epoch, int total, double train_loss, bool heartbeat) {
    // Field by field: EpochReport's fields are not in the order of these arguments.
    EpochReport report;
    report.epoch = epoch;
    report.total = total;
    report.train_loss = train_loss;
    report.valid_loss = report.train_metric = report.valid_metric = kNotComputed;
    report.heartbeat = heartbeat;
    return report;
}

void check_settings(const GradientProblem& problem, const Eigen::VectorXd& parameters,
                    const TrainingSettings& settings) {
    if (problem.train_rows <= 0) throw TrainingError("There are no training rows to learn from.");
    if (!problem.batch_loss) throw TrainingError("The learner gave the training loop no batch loss.");
    if (parameters.size() == 0) throw TrainingError("The learner has no parameters to train.");
    if (settings.max_epochs < 0) throw ParamError("max_epochs must be zero or positive");
    if (settings.batch_size < 1) throw ParamError("batch_size must be at least 1");
    if (settings.patience < 0 || settings.plateau_patience < 0) throw ParamError("patience must be zero or positive");
    if (!(settings.heartbeat_seconds >= 0.0)) throw ParamError("heartbeat_seconds must be zero or positive");
    if (!(settings.plateau_factor >= 0.0 && settings.plateau_factor < 1.0))
        throw ParamError("plateau_factor must lie in [0, 1)");
}

// One run of train_minibatch; the work buffers are allocated once (conventions §6).
class MinibatchLoop {
public:
    MinibatchLoop(const GradientProblem& problem, Eigen::VectorXd initial_parameters,
                  const OptimizerSettings& optimizer_settings, const TrainingSettings& settings,
                  const Progress& progress)
        : problem_(problem),
          settings_(settings),
          progress_(progress),
          optimizer_(optimizer_settings, initial_parameters.size()),
          schedule_(settings.plateau_factor, settings.plateau_patience),
          random_(settings.seed),
          heartbeat_every_(settings.heartbeat_seconds),
          parameters_(std::move(initial_parameters)),
          gradient_(parameters_.size()),
          order_(static_cast<std::size_t>(problem.train_rows)) {
        std::iota(order_.begin(), order_.end(), Eigen::Index{0});
        outcome_.best_parameters = parameters_;
    }

    TrainingOutcome run() {
        for (int epoch = 1; epoch <= settings_.max_epochs; ++epoch) {
            double train_loss = 0.0;
            if (!run_batches(epoch, train_loss) || !end_epoch(epoch, train_loss)) break;
        }
        return std::move(outcome_);
    }

private:
    // Shuffles and steps through one epoch; false when it diverged or was cancelled.
    bool run_batches(int epoch, double& train_loss) {
        random_.shuffle(order_);
        const std::size_t batch_size = static_cast<std::size_t>(settings_.batch_size);
        double loss_sum = 0.0;  // batch losses weighted by batch size
        for (std::size_t start = 0; start < order_.size(); start += batch_size) {
            const std::span<const Eigen::Index> rows(order_.data() + start,
                                                     std::min(order_.size() - start, batch_size));
            const double loss = problem_.batch_loss(parameters_, rows, gradient_);
            if (!std::isfinite(loss) || !gradient_.allFinite()) {
                outcome_.diverged = true;
                return false;
            }
            optimizer_.step(parameters_, gradient_);
            loss_sum += loss * static_cast<double>(rows.size());
            train_loss = loss_sum / static_cast<double>(start + rows.size());
            if (progress_ && Clock::now() - last_call_ >= heartbeat_every_ &&
                !report(report_with(epoch, settings_.max_epochs, train_loss, true))) {
                return false;
            }
        }
        return true;
    }

    // Validation, best-so-far, report, early stopping and the plateau schedule; false = stop.
    bool end_epoch(int epoch, double train_loss) {
        EpochReport epoch_report = report_with(epoch, settings_.max_epochs, train_loss, false);
        if (problem_.validation_loss) epoch_report.valid_loss = problem_.validation_loss(parameters_);
        if (problem_.metrics)
            std::tie(epoch_report.train_metric, epoch_report.valid_metric) = problem_.metrics(parameters_);
        if (problem_.active_nodes) epoch_report.active_nodes = problem_.active_nodes(parameters_);
        const double monitored = problem_.validation_loss ? epoch_report.valid_loss : train_loss;
        outcome_.history.push_back(epoch_report);
        outcome_.epochs_run = epoch;
        outcome_.diverged = !std::isfinite(monitored);
        if (!outcome_.diverged && monitored <= best_loss_) {  // <=, as the LatentTrees scripts
            best_loss_ = monitored;
            outcome_.best_epoch = epoch;
            outcome_.best_parameters = parameters_;
            epochs_without_improvement_ = 0;
        } else {
            ++epochs_without_improvement_;
        }
        if (progress_ && wants_snapshot(epoch)) {
            snapshot_ = problem_.snapshot(parameters_);
            epoch_report.snapshot = &snapshot_;
        }
        if ((progress_ && !report(epoch_report)) || outcome_.diverged) return false;
        if (settings_.patience > 0 && epochs_without_improvement_ >= settings_.patience) return false;
        optimizer_.set_learning_rate(schedule_.next_rate(monitored, optimizer_.learning_rate()));
        return true;
    }

    bool wants_snapshot(int epoch) const {
        return problem_.snapshot && problem_.snapshot_every > 0 && (epoch == 1 || epoch % problem_.snapshot_every == 0);
    }

    // Calls progress; false (and cancelled) when it asks to stop.
    bool report(const EpochReport& epoch_report) {
        last_call_ = Clock::now();
        outcome_.cancelled = !progress_(epoch_report);
        return !outcome_.cancelled;
    }

    const GradientProblem& problem_;
    const TrainingSettings& settings_;
    const Progress& progress_;
    Optimizer optimizer_;
    PlateauSchedule schedule_;
    NumpyRandom random_;
    std::chrono::duration<double> heartbeat_every_;
    Clock::time_point last_call_ = Clock::now();
    Eigen::VectorXd parameters_, gradient_;
    RowIndices order_;
    TrainingOutcome outcome_;
    TreeModel snapshot_;  // the last epoch's tree (EpochReport::snapshot points here)
    double best_loss_ = std::numeric_limits<double>::infinity();
    int epochs_without_improvement_ = 0;
};

}  // namespace

TrainingOutcome train_minibatch(const GradientProblem& problem, Eigen::VectorXd initial_parameters,
                                const OptimizerSettings& optimizer, const TrainingSettings& settings,
                                const Progress& progress) {
    check_settings(problem, initial_parameters, settings);
    return MinibatchLoop(problem, std::move(initial_parameters), optimizer, settings, progress).run();
}

}  // namespace treelab
