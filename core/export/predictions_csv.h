#pragma once
// A model's predictions for the rows of a table: the predicted class or value, the class
// probabilities and the node each row stops at. `treelab-cli predict` and the workbench's
// Run > Predict on a file compute and write them with these functions, so both agree cell for cell.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

struct RowPredictions {
    Eigen::VectorXd predicted;  // class index (classification) or value, per row
    Eigen::MatrixXd proba;      // rows × classes; empty for regression
    Eigen::VectorXi nodes;      // the stopping node of each row
};

// `X`: rows encoded by the model's pipeline (FeaturePipeline::transform).
RowPredictions predict_rows(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X);

// The CSV header's column names: row, prediction, proba_<class> per class, node.
std::vector<std::string> predictions_columns(const TreeModel& tree);
// The cells of row `row` (0-based) under predictions_columns: row numbered from 1, the class's
// name or the value, each probability and the node, numbers as their shortest text.
std::vector<std::string> predictions_cells(const TreeModel& tree, const RowPredictions& predictions, Eigen::Index row);
// Header and every row, one line each.
std::string predictions_csv(const TreeModel& tree, const RowPredictions& predictions);

}  // namespace treelab
