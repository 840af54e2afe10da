#include "app/render/run_detail_figures.h"

#include <cmath>

#include "app/render/colormap.h"
#include "core/export/number_text.h"

namespace treelab {
namespace {

const QColor kAverageColour{40, 40, 40};
const QColor kChanceColour{170, 170, 170};

std::string area_text(double value) { return std::isnan(value) ? std::string("n/a") : fixed_text(value, 3); }

PlotSeries curve_series(const Curve& curve, const std::string& name, const QColor& colour) {
    PlotSeries series;
    series.name = name;
    series.colour = colour;
    series.x = curve.x;
    series.y = curve.y;
    return series;
}

// Per class, then the micro average: "Type 1 (AUC 0.912)".
PlotPanel ranking_panel(const std::vector<Curve>& per_class, const Eigen::VectorXd& areas, const Curve& micro, double micro_area,
                        const std::vector<std::string>& class_names, const std::string& area) {
    PlotPanel panel;
    for (std::size_t k = 0; k < per_class.size(); ++k) {
        const std::string name = k < class_names.size() ? class_names[k] : std::to_string(k);
        panel.series.push_back(curve_series(per_class[k], name + " (" + area + " " + area_text(areas(static_cast<Eigen::Index>(k))) + ")",
                                            class_color(static_cast<int>(k))));
    }
    panel.series.push_back(curve_series(micro, "micro average (" + area + " " + area_text(micro_area) + ")", kAverageColour));
    return panel;
}

}  // namespace

PlotPanel roc_panel(const RankingCurves& curves, const std::vector<std::string>& class_names) {
    PlotPanel panel = ranking_panel(curves.roc, curves.auc, curves.micro_roc, curves.micro_auc, class_names, "AUC");
    PlotSeries chance;
    chance.name = "chance (AUC 0.5)";
    chance.colour = kChanceColour;
    chance.x = {0, 1};
    chance.y = {0, 1};
    panel.series.push_back(std::move(chance));
    panel.title = "ROC one-vs-rest, macro AUC " + area_text(curves.macro_auc);
    panel.x_label = "false positive rate";
    panel.y_label = "true positive rate";
    return panel;
}

PlotPanel precision_recall_panel(const RankingCurves& curves, const std::vector<std::string>& class_names) {
    PlotPanel panel = ranking_panel(curves.pr, curves.ap, curves.micro_pr, curves.micro_ap, class_names, "AP");
    for (PlotSeries& series : panel.series) series.line = SeriesLine::Steps;  // average precision sums these steps
    panel.title = "Precision-recall one-vs-rest, macro AP " + area_text(curves.macro_ap);
    panel.x_label = "recall";
    panel.y_label = "precision";
    return panel;
}

PlotPanel residual_panel(const Eigen::VectorXd& y_true, const Eigen::VectorXd& predicted, const RegressionReport& report,
                         const std::string& target) {
    PlotPanel panel;
    panel.title = "Residuals: MAE " + significant_text(report.mae, 4) + ", RMSE " + significant_text(report.rmse, 4) + ", R² " +
                  fixed_text(report.r2, 3);
    panel.x_label = "predicted " + target;
    panel.y_label = "residual (true − predicted)";
    PlotSeries points;
    points.name = "test rows";
    points.colour = QColor(31, 119, 180);
    points.line = SeriesLine::None;
    points.markers = true;
    for (Eigen::Index i = 0; i < predicted.size(); ++i) {
        points.x.push_back(predicted(i));
        points.y.push_back(y_true(i) - predicted(i));
    }
    PlotSeries zero;
    zero.name = "residual 0";
    zero.colour = kChanceColour;
    if (predicted.size() > 0) {
        zero.x = {predicted.minCoeff(), predicted.maxCoeff()};
        zero.y = {0, 0};
    }
    panel.series = {std::move(points), std::move(zero)};
    return panel;
}

PlotSheet detail_sheet(std::vector<PlotPanel> panels, const std::string& caption) {
    PlotSheet sheet;
    PlotGroup group;
    group.panels = std::move(panels);
    group.panel_size = QSizeF(320, 300);
    sheet.groups.push_back(std::move(group));
    sheet.caption = caption;
    return sheet;
}

}  // namespace treelab
