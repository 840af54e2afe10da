// The shared minibatch loop (minibatch_training.h); the stepping, evaluation and best-keeping it
// shares with the online loop are in training_state.cpp.
#include "core/training/minibatch_training.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include "core/data/numpy_random.h"
#include "core/error.h"
#include "core/training/training_state.h"

namespace treelab {
namespace {

StepSettings step_settings(const TrainingSettings& settings) {
    if (settings.max_epochs < 0) throw ParamError("max_epochs must be zero or positive");
    if (settings.batch_size < 1) throw ParamError("batch_size must be at least 1");
    if (settings.restarts < 0) throw ParamError("restarts must be zero or positive");
    return {settings.learning_rate, settings.optimizer, settings.schedule, settings.clip_norm, settings.patience,
            settings.seed, settings.heartbeat_seconds, settings.max_epochs, settings.restarts + 1};
}

// Runs starts [first, last) one after another on one problem, shuffling with one stream.
class MinibatchLoop {
public:
    MinibatchLoop(const GradientProblem& problem, const TrainingSettings& settings, const Progress& progress,
                  std::uint32_t shuffle_seed)
        : problem_(problem), settings_(settings), state_(problem, step_settings(settings), progress), random_(shuffle_seed) {
        const Eigen::Index rows = problem.inputs->rows();
        order_.resize(static_cast<std::size_t>(rows));
        std::iota(order_.begin(), order_.end(), Eigen::Index{0});
        if (!settings.full_batch) {
            const Eigen::Index batch = std::min<Eigen::Index>(settings.batch_size, rows);
            batch_inputs_.resize(batch, problem.inputs->cols());
            batch_targets_.resize(batch, problem.targets->cols());
        }
    }

    TrainingOutcome run(int first, int last) {
        for (int start = first; start < last && !state_.cancelled(); ++start) {
            state_.begin_start(start);
            for (int epoch = 1; epoch <= settings_.max_epochs; ++epoch) {
                state_.begin_period(epoch);
                if (!run_batches() || !state_.end_period()) break;
            }
            state_.end_start();
        }
        return state_.take_outcome();
    }

    // Start `start` begun and ended at once: the run was cancelled before it could train.
    TrainingOutcome skip(int start) {
        state_.begin_start(start);
        state_.end_start();
        return state_.take_outcome();
    }

private:
    // One epoch of steps; false when the start ends (diverged) or the run was cancelled.
    bool run_batches() {
        if (settings_.full_batch) return state_.step(Batch{*problem_.inputs, *problem_.targets, order_});
        random_.shuffle(order_);
        const std::size_t batch_size = static_cast<std::size_t>(settings_.batch_size);
        for (std::size_t first = 0; first < order_.size(); first += batch_size) {
            const std::span<const Eigen::Index> rows(order_.data() + first, std::min(order_.size() - first, batch_size));
            const auto count = static_cast<Eigen::Index>(rows.size());
            for (Eigen::Index k = 0; k < count; ++k) {
                batch_inputs_.row(k) = problem_.inputs->row(rows[static_cast<std::size_t>(k)]);
                batch_targets_.row(k) = problem_.targets->row(rows[static_cast<std::size_t>(k)]);
            }
            if (!state_.step(Batch{batch_inputs_.topRows(count), batch_targets_.topRows(count), rows})) return false;
        }
        return true;
    }

    const GradientProblem& problem_;
    const TrainingSettings& settings_;
    TrainingState state_;
    NumpyRandom random_;
    RowIndices order_;
    Eigen::MatrixXd batch_inputs_, batch_targets_;  // gathered batch rows, allocated once per run
};

// Start 0 shuffles with the run's seed, exactly as a run of one start always has; start k > 0 with
// the first word std::seed_seq{seed, k} generates, a stream of its own that no other start's
// progress moves (minibatch_training.h).
std::uint32_t start_shuffle_seed(std::uint32_t seed, int start) {
    if (start == 0) return seed;
    std::seed_seq sequence{seed, static_cast<std::uint32_t>(start)};
    std::uint32_t word = 0;
    sequence.generate(&word, &word + 1);
    return word;
}

// The run's outcome from its starts' own, in start order: the lowest best selection loss of a start
// that finished an epoch wins (ties: the earlier start), else start 0's initial parameters.
TrainingOutcome merge_starts(std::vector<std::optional<TrainingOutcome>>& per_start, bool cancelled) {
    TrainingOutcome outcome;
    outcome.cancelled = cancelled;
    double best_loss = std::numeric_limits<double>::infinity();
    for (std::optional<TrainingOutcome>& start : per_start) {
        if (!start) continue;  // never begun: the run was cancelled first
        outcome.epochs_run += start->epochs_run;
        outcome.diverged = outcome.diverged || start->diverged;
        outcome.history.insert(outcome.history.end(), std::make_move_iterator(start->history.begin()),
                               std::make_move_iterator(start->history.end()));
        for (StartOutcome& finished : start->starts) {
            const int index = static_cast<int>(outcome.starts.size());
            if (finished.best_epoch > 0 && finished.selection_loss < best_loss) {
                best_loss = finished.selection_loss;
                outcome.best_epoch = finished.best_epoch;
                outcome.best_start = index;
            }
            outcome.starts.push_back(std::move(finished));
        }
    }
    // Start 0 always begins (see train_parallel_starts), so starts[best_start] exists.
    outcome.best_parameters = outcome.starts[static_cast<std::size_t>(outcome.best_start)].best_parameters;
    return outcome;
}

TrainingOutcome train_parallel_starts(const GradientProblem& problem, const TrainingSettings& settings,
                                      const Progress& progress) {
    const int starts = settings.restarts + 1;
    std::mutex report_mutex;
    std::atomic<bool> stopped{false};
    // Reports from every start, one at a time; once one is answered with stop, every start's next
    // report is too, so the whole run ends.
    Progress serialised;
    if (progress)
        serialised = [&](const EpochReport& report) {
            const std::lock_guard<std::mutex> lock(report_mutex);
            if (stopped.load()) return false;
            if (!progress(report)) stopped.store(true);
            return !stopped.load();
        };
    std::vector<std::optional<TrainingOutcome>> per_start(static_cast<std::size_t>(starts));
    tbb::parallel_for(
        tbb::blocked_range<int>(0, starts, 1),
        [&](const tbb::blocked_range<int>& range) {
            for (int start = range.begin(); start != range.end(); ++start) {
                // Start 0 is always begun, so that a run cancelled at once returns its initial parameters.
                if (stopped.load() && start != 0) continue;
                const GradientProblem start_problem = problem.start_problem(start);
                MinibatchLoop loop(start_problem, settings, serialised, start_shuffle_seed(settings.seed, start));
                per_start[static_cast<std::size_t>(start)] = stopped.load() ? loop.skip(start) : loop.run(start, start + 1);
            }
        },
        tbb::simple_partitioner());
    return merge_starts(per_start, stopped.load());
}

}  // namespace

TrainingOutcome train_minibatch(const GradientProblem& problem, const TrainingSettings& settings, const Progress& progress) {
    if (problem.start_problem) {
        step_settings(settings);  // the settings' errors before any start is made
        return train_parallel_starts(problem, settings, progress);
    }
    return MinibatchLoop(problem, settings, progress, settings.seed).run(0, settings.restarts + 1);
}

}  // namespace treelab
