// The online loop (online_training.h) on the shared training state.
#include "core/training/online_training.h"

#include <algorithm>
#include <numeric>

#include "core/data/numpy_random.h"
#include "core/error.h"
#include "core/training/training_state.h"

namespace treelab {
namespace {

StepSettings step_settings(const OnlineSettings& settings) {
    if (settings.rounds < 0) throw ParamError("the number of rounds must be zero or positive");
    if (settings.rows_per_round < 1) throw ParamError("rows per round must be at least 1");
    if (settings.evaluate_every < 1) throw ParamError("evaluate_every must be at least 1");
    const long long evaluations = (settings.rounds + settings.evaluate_every - 1) / settings.evaluate_every;
    return {settings.learning_rate, settings.optimizer, settings.schedule, settings.clip_norm, settings.patience,
            settings.seed, settings.heartbeat_seconds, static_cast<int>(std::min<long long>(evaluations, 1 << 30)), 1};
}

class OnlineLoop {
public:
    OnlineLoop(const GradientProblem& problem, const OnlineSettings& settings, const Progress& progress)
        : problem_(problem), settings_(settings), state_(problem, step_settings(settings), progress), random_(settings.seed) {
        order_.resize(static_cast<std::size_t>(problem.inputs->rows()));
        std::iota(order_.begin(), order_.end(), Eigen::Index{0});
        next_ = order_.size();  // the first round shuffles
        rows_.resize(static_cast<std::size_t>(settings.rows_per_round));
        round_inputs_.resize(settings.rows_per_round, problem.inputs->cols());
        round_targets_.resize(settings.rows_per_round, problem.targets->cols());
    }

    TrainingOutcome run() {
        state_.begin_start(0);
        int evaluation = 1;
        state_.begin_period(evaluation);
        for (long long round = 1; round <= settings_.rounds; ++round) {
            if (!state_.step(next_batch())) break;
            if (round % settings_.evaluate_every == 0 || round == settings_.rounds) {
                if (!state_.end_period()) break;
                if (round < settings_.rounds) state_.begin_period(++evaluation);
            }
        }
        state_.end_start();
        return state_.take_outcome();
    }

private:
    // The next rows_per_round rows of the stream, gathered into the round's buffers.
    Batch next_batch() {
        for (std::size_t k = 0; k < rows_.size(); ++k) {
            if (next_ == order_.size()) {
                random_.shuffle(order_);
                next_ = 0;
            }
            rows_[k] = order_[next_++];
            round_inputs_.row(static_cast<Eigen::Index>(k)) = problem_.inputs->row(rows_[k]);
            round_targets_.row(static_cast<Eigen::Index>(k)) = problem_.targets->row(rows_[k]);
        }
        return Batch{round_inputs_, round_targets_, rows_};
    }

    const GradientProblem& problem_;
    const OnlineSettings& settings_;
    TrainingState state_;
    NumpyRandom random_;
    RowIndices order_, rows_;
    std::size_t next_ = 0;
    Eigen::MatrixXd round_inputs_, round_targets_;  // allocated once per run
};

}  // namespace

TrainingOutcome train_online(const GradientProblem& problem, const OnlineSettings& settings, const Progress& progress) {
    return OnlineLoop(problem, settings, progress).run();
}

}  // namespace treelab
