#include "core/run/evaluation.h"

#include <algorithm>
#include <cmath>

#include "core/metrics/classification_metrics.h"
#include "core/metrics/dendrogram_purity.h"
#include "core/metrics/ranking_curves.h"
#include "core/metrics/regression_metrics.h"

namespace treelab {
namespace {

// A self-supervised clustering tree (000 §4.2) regresses some feature columns from the others;
// it is scored as a hierarchy by dendrogram purity against the class labels, and by the error of
// the regressed columns.
Scores evaluate_clustering(const TreeModel& model, const Dataset& data) {
    const std::vector<int>& outputs = model.routing_predictor->output_features;
    const Eigen::MatrixXd predicted = model.predict_outputs(data.X);
    const Eigen::MatrixXd actual = data.X(Eigen::all, outputs);
    Scores scores = {{"mse", (predicted - actual).array().square().mean()}};
    if (data.task == Task::Classification) {
        scores["dendrogram_purity"] =
            dendrogram_purity(model, data.X, data.y, data.classes(), PurityVariant::Reference);
        scores["dendrogram_purity_textbook"] =
            dendrogram_purity(model, data.X, data.y, data.classes(), PurityVariant::Textbook);
    }
    return scores;
}

}  // namespace

Scores evaluate(const TreeModel& model, const Dataset& data) {
    if (data.rows() == 0) return {};
    if (model.routing_predictor && !model.routing_predictor->predicts_target()) return evaluate_clustering(model, data);
    if (data.task == Task::Classification) {
        const Eigen::MatrixXd proba = model.predict_proba(data.X);
        return classification_scores(data.y, most_probable_class(proba), proba, log_loss(data.y, proba));
    }
    return regression_scores(data.y, model.predict(data.X));
}

Scores classification_scores(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::VectorXd>& predicted,
                             const Eigen::Ref<const Eigen::MatrixXd>& proba, double log_loss) {
    const int classes = static_cast<int>(proba.cols());
    const ClassificationReport report = classification_report(y, predicted, classes);
    Scores scores = {{"accuracy", report.accuracy},
                     {"balanced_accuracy", report.balanced_accuracy},
                     {"macro_f1", report.macro_f1},
                     {"log_loss", log_loss}};
    // Undefined scores (a single class among the rows) are left out rather than reported as NaN.
    if (!std::isnan(report.cohen_kappa)) scores["cohen_kappa"] = report.cohen_kappa;
    if (const double auc = roc_auc(y, proba, classes); !std::isnan(auc)) scores["roc_auc"] = auc;
    return scores;
}

Scores regression_scores(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::VectorXd>& predicted) {
    const RegressionReport report = regression_report(y, predicted);
    return {{"mse", report.mse}, {"rmse", report.rmse}, {"mae", report.mae}, {"r2", report.r2}};
}

std::string headline_score(const Scores& scores) {
    for (const char* name : {"accuracy", "r2", "dendrogram_purity"})
        if (scores.contains(name)) return name;
    return scores.empty() ? std::string() : scores.begin()->first;
}

std::string score_label(std::string_view name) {
    if (name == "r2") return "R²";
    if (name == "macro_f1") return "macro F1";
    if (name == "dendrogram_purity") return "dendrogram purity";
    if (name == "balanced_accuracy") return "balanced accuracy";
    if (name == "cohen_kappa") return "Cohen's κ";
    if (name == "roc_auc") return "ROC AUC";
    std::string label(name);
    std::replace(label.begin(), label.end(), '_', ' ');
    return label;
}

}  // namespace treelab
