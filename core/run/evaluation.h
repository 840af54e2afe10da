#pragma once
// Scores of a model on one split, the same for every learner.
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/data/dataset.h"
#include "core/model/tree_model.h"

namespace treelab {

// Named scores: classification accuracy, balanced_accuracy, macro_f1, cohen_kappa, log_loss,
// roc_auc (cohen_kappa and roc_auc left out where undefined: a single class among the rows);
// regression mse, rmse, mae, r2.
using Scores = std::map<std::string, double>;

Scores evaluate(const TreeModel& model, const Dataset& data);  // empty Scores for an empty split

// The named scores of evaluate() from a split's predictions (class indices or values) and, for
// classification, its probabilities (rows × classes) and log-loss; for callers that already hold
// them (the pruning path curve).
Scores classification_scores(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::VectorXd>& predicted,
                             const Eigen::Ref<const Eigen::MatrixXd>& proba, double log_loss);
Scores regression_scores(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::VectorXd>& predicted);

// The score a result list or a plot leads with: accuracy, else r2, else dendrogram_purity, else
// the first by name; "" for empty scores.
std::string headline_score(const Scores& scores);

// How plots and tables name a score: "r2" -> "R²", "dendrogram_purity" -> "dendrogram purity",
// "macro_f1" -> "macro F1", "balanced_accuracy" -> "balanced accuracy", "cohen_kappa" -> "Cohen's κ",
// "roc_auc" -> "ROC AUC"; other names with spaces for underscores.
std::string score_label(std::string_view name);

}  // namespace treelab
