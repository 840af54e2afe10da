#pragma once
// Scores of a model on one split, the same for every learner.
#include <map>
#include <optional>
#include <string>

#include "core/data/dataset.h"
#include "core/model/tree_model.h"

namespace treelab {

// Named scores: classification accuracy, macro_f1, log_loss; regression mse, rmse, mae, r2.
using Scores = std::map<std::string, double>;

Scores evaluate(const TreeModel& model, const Dataset& data);  // empty Scores for an empty split

// The score a result list or a plot leads with: accuracy, else r2, else dendrogram_purity, else
// the first by name; "" for empty scores.
std::string headline_score(const Scores& scores);

}  // namespace treelab
