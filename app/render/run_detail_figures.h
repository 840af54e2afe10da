#pragma once
// The Results detail's plots of a run on its test rows, composed from data: ROC and
// precision-recall curves one-vs-rest per class with the micro average (Fawcett 2006), each curve's
// area in its legend entry and the macro averages in the title; the residuals against the
// predictions. The widgets draw these panels and File > Export view writes them as figures.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "app/render/plot_sheet.h"
#include "core/metrics/ranking_curves.h"
#include "core/metrics/regression_metrics.h"

namespace treelab {

PlotPanel roc_panel(const RankingCurves& curves, const std::vector<std::string>& class_names);
PlotPanel precision_recall_panel(const RankingCurves& curves, const std::vector<std::string>& class_names);
// Residual (true − predicted) against predicted, with the zero line; MAE, RMSE and R² in the title.
PlotPanel residual_panel(const Eigen::VectorXd& y_true, const Eigen::VectorXd& predicted, const RegressionReport& report,
                         const std::string& target);

// The panels side by side, captioned.
PlotSheet detail_sheet(std::vector<PlotPanel> panels, const std::string& caption);

}  // namespace treelab
