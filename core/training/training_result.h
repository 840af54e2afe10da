#pragma once
// What every gradient learner does with the shared loop's outcome (minibatch_training.h): the
// returned model from the best parameters, every start's tree, the run's flags and its history.
#include <functional>
#include <string_view>

#include <Eigen/Core>

#include "core/training/gradient_problem.h"
#include "core/training/progress.h"

namespace treelab {

// Throws TrainingError "<learner> diverged (a non-finite loss or gradient) before finishing an
// epoch; <hint>" when no epoch finished before the divergence (there is no model to return);
// otherwise the model is to_model(best_parameters), each start's tree to_model of that start's
// best parameters (TrainResult::starts, exported here once, at the end of the run), with
// stopped_early = cancelled, diverged and the history.
TrainResult training_result(TrainingOutcome outcome, std::string_view learner, std::string_view hint,
                            const std::function<TreeModel(const Eigen::VectorXd&)>& to_model);

}  // namespace treelab
