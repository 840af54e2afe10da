#include "core/training/training_result.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/error.h"

namespace treelab {
namespace {

// The start's tree with the metrics its best epoch reported.
StartResult start_result(const StartOutcome& start, int index, const std::vector<EpochReport>& history,
                         const std::function<TreeModel(const Eigen::VectorXd&)>& to_model) {
    StartResult result{to_model(start.best_parameters), start.best_epoch, start.selection_loss};
    const auto best = std::find_if(history.begin(), history.end(), [&](const EpochReport& report) {
        return report.start == index && report.epoch == start.best_epoch;
    });
    if (best != history.end()) {
        result.train_metric = best->train_metric;
        result.valid_metric = best->valid_metric;
    }
    return result;
}

}  // namespace

TrainResult training_result(TrainingOutcome outcome, std::string_view learner, std::string_view hint,
                            const std::function<TreeModel(const Eigen::VectorXd&)>& to_model) {
    if (outcome.diverged && outcome.best_epoch == 0)
        throw TrainingError(std::string(learner) + " diverged (a non-finite loss or gradient) before finishing an epoch; " +
                            std::string(hint));
    TrainResult result;
    result.model = to_model(outcome.best_parameters);
    for (std::size_t k = 0; k < outcome.starts.size(); ++k)
        result.starts.push_back(start_result(outcome.starts[k], static_cast<int>(k), outcome.history, to_model));
    result.stopped_early = outcome.cancelled;
    result.diverged = outcome.diverged;
    result.history = std::move(outcome.history);
    result.best_start = outcome.best_start;
    result.best_epoch = outcome.best_epoch;
    return result;
}

}  // namespace treelab
