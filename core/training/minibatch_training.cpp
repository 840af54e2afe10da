// The shared minibatch loop (minibatch_training.h); the stepping, evaluation and best-keeping it
// shares with the online loop are in training_state.cpp.
#include "core/training/minibatch_training.h"

#include <algorithm>
#include <numeric>

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

class MinibatchLoop {
public:
    MinibatchLoop(const GradientProblem& problem, const TrainingSettings& settings, const Progress& progress)
        : problem_(problem), settings_(settings), state_(problem, step_settings(settings), progress), random_(settings.seed) {
        const Eigen::Index rows = problem.inputs->rows();
        order_.resize(static_cast<std::size_t>(rows));
        std::iota(order_.begin(), order_.end(), Eigen::Index{0});
        if (!settings.full_batch) {
            const Eigen::Index batch = std::min<Eigen::Index>(settings.batch_size, rows);
            batch_inputs_.resize(batch, problem.inputs->cols());
            batch_targets_.resize(batch, problem.targets->cols());
        }
    }

    TrainingOutcome run() {
        for (int start = 0; start <= settings_.restarts && !state_.cancelled(); ++start) {
            state_.begin_start(start);
            for (int epoch = 1; epoch <= settings_.max_epochs; ++epoch) {
                state_.begin_period(epoch);
                if (!run_batches() || !state_.end_period()) break;
            }
            state_.end_start();
        }
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

}  // namespace

TrainingOutcome train_minibatch(const GradientProblem& problem, const TrainingSettings& settings, const Progress& progress) {
    return MinibatchLoop(problem, settings, progress).run();
}

}  // namespace treelab
