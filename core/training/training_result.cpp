#include "core/training/training_result.h"

#include <string>
#include <utility>

#include "core/error.h"

namespace treelab {

TrainResult training_result(TrainingOutcome outcome, std::string_view learner, std::string_view hint,
                            const std::function<TreeModel(const Eigen::VectorXd&)>& to_model) {
    if (outcome.diverged && outcome.best_epoch == 0)
        throw TrainingError(std::string(learner) + " diverged (a non-finite loss or gradient) before finishing an epoch; " +
                            std::string(hint));
    TrainResult result;
    result.model = to_model(outcome.best_parameters);
    result.stopped_early = outcome.cancelled;
    result.diverged = outcome.diverged;
    result.history = std::move(outcome.history);
    return result;
}

}  // namespace treelab
