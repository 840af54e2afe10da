#pragma once
// What `eval` reports beyond the scores: for classification the per-class table and the areas
// under the ROC and precision-recall curves, for regression a summary of the residuals.
#include <iosfwd>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

namespace treelab::cli {

// {"per_class": [{class, precision, recall, f1, support, roc_auc, average_precision}],
//  "roc_auc": {macro, weighted, micro}, "average_precision": {macro, weighted, micro}};
// null where an area is undefined (a class absent from the rows).
nlohmann::json classification_details(const Eigen::VectorXd& y, const Eigen::MatrixXd& proba,
                                      const std::vector<std::string>& class_names);
void print_classification_details(std::ostream& out, const nlohmann::json& details);

// Residuals y − prediction: {count, mean, std (population), min, q1, median, q3, max, max_abs}.
nlohmann::json residual_summary(const Eigen::VectorXd& y, const Eigen::VectorXd& predicted);
void print_residual_summary(std::ostream& out, const nlohmann::json& summary);

}  // namespace treelab::cli
