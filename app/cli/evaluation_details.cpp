#include "app/cli/evaluation_details.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "core/metrics/classification_metrics.h"
#include "core/metrics/ranking_curves.h"
#include "core/model/tree_model.h"

namespace treelab::cli {
namespace {

nlohmann::json number(double value) { return std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value); }

// numpy.percentile's default (linear interpolation between the closest ranks) of sorted values.
double percentile(const std::vector<double>& sorted, double fraction) {
    const double position = fraction * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

std::string cell(const nlohmann::json& value) {
    if (value.is_null()) return "—";
    std::ostringstream text;
    text << std::fixed << std::setprecision(4) << value.get<double>();
    return text.str();
}

}  // namespace

nlohmann::json classification_details(const Eigen::VectorXd& y, const Eigen::MatrixXd& proba,
                                      const std::vector<std::string>& class_names) {
    const int classes = static_cast<int>(class_names.size());
    const ClassificationReport report = classification_report(y, most_probable_class(proba), classes);
    const RankingCurves curves = ranking_curves(y, proba, classes);
    nlohmann::json per_class = nlohmann::json::array();
    for (int k = 0; k < classes; ++k)
        per_class.push_back({{"class", class_names[static_cast<std::size_t>(k)]},
                             {"precision", report.precision(k)},
                             {"recall", report.recall(k)},
                             {"f1", report.f1(k)},
                             {"support", report.support(k)},
                             {"roc_auc", number(curves.auc(k))},
                             {"average_precision", number(curves.ap(k))}});
    return {{"per_class", per_class},
            {"roc_auc", {{"macro", number(curves.macro_auc)}, {"weighted", number(curves.weighted_auc)}, {"micro", number(curves.micro_auc)}}},
            {"average_precision",
             {{"macro", number(curves.macro_ap)}, {"weighted", number(curves.weighted_ap)}, {"micro", number(curves.micro_ap)}}}};
}

void print_classification_details(std::ostream& out, const nlohmann::json& details) {
    std::size_t width = 5;
    for (const nlohmann::json& row : details.at("per_class")) width = std::max(width, row.at("class").get<std::string>().size());
    out << '\n' << std::left << std::setw(static_cast<int>(width) + 2) << "class" << std::right;
    for (const char* name : {"precision", "recall", "F1", "support", "ROC AUC", "AP"}) out << std::setw(11) << name;
    out << '\n';
    for (const nlohmann::json& row : details.at("per_class")) {
        out << std::left << std::setw(static_cast<int>(width) + 2) << row.at("class").get<std::string>() << std::right;
        for (const char* name : {"precision", "recall", "f1"}) out << std::setw(11) << cell(row.at(name));
        out << std::setw(11) << row.at("support").get<int>();
        // "—" is three bytes for one column
        for (const char* name : {"roc_auc", "average_precision"}) out << std::setw(row.at(name).is_null() ? 13 : 11) << cell(row.at(name));
        out << '\n';
    }
    out << "ROC AUC: macro " << cell(details.at("roc_auc").at("macro")) << ", weighted " << cell(details.at("roc_auc").at("weighted"))
        << ", micro " << cell(details.at("roc_auc").at("micro")) << "; average precision: macro "
        << cell(details.at("average_precision").at("macro")) << ", weighted " << cell(details.at("average_precision").at("weighted"))
        << ", micro " << cell(details.at("average_precision").at("micro")) << '\n';
}

nlohmann::json residual_summary(const Eigen::VectorXd& y, const Eigen::VectorXd& predicted) {
    const Eigen::VectorXd residuals = y - predicted;
    std::vector<double> sorted(residuals.data(), residuals.data() + residuals.size());
    std::sort(sorted.begin(), sorted.end());
    const double mean = residuals.mean();
    const double variance = (residuals.array() - mean).square().mean();
    return {{"count", residuals.size()},     {"mean", mean},
            {"std", std::sqrt(variance)},     {"min", sorted.front()},
            {"q1", percentile(sorted, 0.25)}, {"median", percentile(sorted, 0.5)},
            {"q3", percentile(sorted, 0.75)}, {"max", sorted.back()},
            {"max_abs", residuals.cwiseAbs().maxCoeff()}};
}

void print_residual_summary(std::ostream& out, const nlohmann::json& summary) {
    out << "\nresiduals (y − prediction):";
    for (const char* name : {"mean", "std", "min", "q1", "median", "q3", "max"}) out << ' ' << name << ' ' << cell(summary.at(name));
    out << '\n';
}

}  // namespace treelab::cli
