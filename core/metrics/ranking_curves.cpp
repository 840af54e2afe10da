#include "core/metrics/ranking_curves.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <tuple>
#include <utility>

#include "core/error.h"

namespace treelab {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// sklearn's _binary_clf_curve: scores sorted in decreasing order; at each distinct score, the
// cumulative counts of false and true positives of the rows scoring at least that much.
struct ThresholdCounts {
    std::vector<double> fps, tps, thresholds;
};

ThresholdCounts threshold_counts(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores) {
    if (positive.size() != scores.size())
        throw Error("cannot rank " + std::to_string(scores.size()) + " scores against " + std::to_string(positive.size()) + " labels");
    if (scores.size() == 0) throw Error("there are no rows to score");
    std::vector<Eigen::Index> order(static_cast<std::size_t>(scores.size()));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::stable_sort(order.begin(), order.end(), [&](Eigen::Index l, Eigen::Index r) { return scores(l) > scores(r); });
    ThresholdCounts counts;
    double tp = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        tp += positive(order[i]);
        if (i + 1 < order.size() && scores(order[i + 1]) == scores(order[i])) continue;
        counts.tps.push_back(tp);
        counts.fps.push_back(static_cast<double>(i + 1) - tp);
        counts.thresholds.push_back(scores(order[i]));
    }
    return counts;
}

// np.trapz(y, x) with sklearn's auc() direction rule.
double area(const Curve& curve) {
    double sum = 0;
    for (std::size_t i = 1; i < curve.x.size(); ++i) sum += (curve.x[i] - curve.x[i - 1]) * (curve.y[i] + curve.y[i - 1]) / 2.0;
    return sum;
}

Eigen::VectorXd one_vs_rest(const Eigen::Ref<const Eigen::VectorXd>& y, int k) {
    return (y.array() == static_cast<double>(k)).cast<double>();
}

// Mean of `values` over the classes with a value, plain and weighted by `support`.
std::pair<double, double> averages(const Eigen::VectorXd& values, const Eigen::VectorXd& support) {
    double sum = 0, weighted = 0, weights = 0;
    int count = 0;
    for (Eigen::Index k = 0; k < values.size(); ++k) {
        if (std::isnan(values(k))) continue;
        sum += values(k);
        weighted += values(k) * support(k);
        weights += support(k);
        ++count;
    }
    if (count == 0) return {nan, nan};
    return {sum / count, weights > 0 ? weighted / weights : nan};
}

}  // namespace

Curve roc_curve(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores) {
    const ThresholdCounts counts = threshold_counts(positive, scores);
    const std::size_t n = counts.fps.size();
    Curve curve;
    const double negatives = counts.fps.back(), positives = counts.tps.back();
    curve.x.push_back(negatives > 0 ? 0.0 : nan);
    curve.y.push_back(positives > 0 ? 0.0 : nan);
    curve.thresholds.push_back(counts.thresholds.front() + 1);  // sklearn 1.2's extra threshold before the first
    for (std::size_t i = 0; i < n; ++i) {
        // drop_intermediate: keep the ends and the corners, where the second difference of fps or tps is not zero
        const bool corner = i == 0 || i + 1 == n ||
                            counts.fps[i + 1] - 2 * counts.fps[i] + counts.fps[i - 1] != 0 ||
                            counts.tps[i + 1] - 2 * counts.tps[i] + counts.tps[i - 1] != 0;
        if (n > 2 && !corner) continue;
        curve.x.push_back(negatives > 0 ? counts.fps[i] / negatives : nan);
        curve.y.push_back(positives > 0 ? counts.tps[i] / positives : nan);
        curve.thresholds.push_back(counts.thresholds[i]);
    }
    return curve;
}

double binary_roc_auc(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores) {
    const double positives = positive.sum();
    if (positives == 0 || positives == static_cast<double>(positive.size())) return nan;
    return area(roc_curve(positive, scores));
}

Curve precision_recall_curve(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores) {
    const ThresholdCounts counts = threshold_counts(positive, scores);
    const double positives = counts.tps.back();
    Curve curve;
    for (std::size_t i = counts.tps.size(); i-- > 0;) {  // reversed: recall decreasing
        const double predicted = counts.tps[i] + counts.fps[i];
        curve.y.push_back(predicted != 0 ? counts.tps[i] / predicted : 0.0);
        curve.x.push_back(positives == 0 ? 1.0 : counts.tps[i] / positives);
        curve.thresholds.push_back(counts.thresholds[i]);
    }
    curve.x.push_back(0);
    curve.y.push_back(1);
    return curve;
}

double average_precision(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores) {
    const Curve curve = precision_recall_curve(positive, scores);
    double sum = 0;
    for (std::size_t i = 0; i + 1 < curve.x.size(); ++i) sum += (curve.x[i + 1] - curve.x[i]) * curve.y[i];
    return -sum;
}

RankingCurves ranking_curves(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::MatrixXd>& proba, int classes) {
    if (proba.rows() != y.size() || proba.cols() != classes)
        throw Error("the probabilities have " + std::to_string(proba.rows()) + " rows and " + std::to_string(proba.cols()) +
                    " columns, not one row per label (" + std::to_string(y.size()) + ") and one column per class (" +
                    std::to_string(classes) + ")");
    RankingCurves curves;
    curves.auc.resize(classes);
    curves.ap.resize(classes);
    Eigen::VectorXd support(classes);
    for (int k = 0; k < classes; ++k) {
        const Eigen::VectorXd positive = one_vs_rest(y, k);
        support(k) = positive.sum();
        curves.roc.push_back(roc_curve(positive, proba.col(k)));
        curves.pr.push_back(precision_recall_curve(positive, proba.col(k)));
        curves.auc(k) = binary_roc_auc(positive, proba.col(k));
        curves.ap(k) = support(k) > 0 ? average_precision(positive, proba.col(k)) : nan;
    }
    std::tie(curves.macro_auc, curves.weighted_auc) = averages(curves.auc, support);
    std::tie(curves.macro_ap, curves.weighted_ap) = averages(curves.ap, support);
    // micro: the rows × classes indicator matrix and the probabilities, both flattened row by row
    Eigen::VectorXd cells_positive(y.size() * classes), cells_score(y.size() * classes);
    for (Eigen::Index i = 0; i < y.size(); ++i)
        for (int k = 0; k < classes; ++k) {
            cells_positive(i * classes + k) = y(i) == k ? 1.0 : 0.0;
            cells_score(i * classes + k) = proba(i, k);
        }
    curves.micro_roc = roc_curve(cells_positive, cells_score);
    curves.micro_pr = precision_recall_curve(cells_positive, cells_score);
    curves.micro_auc = binary_roc_auc(cells_positive, cells_score);
    curves.micro_ap = average_precision(cells_positive, cells_score);
    if (classes == 2) {  // sklearn's binary scores, of class 1
        curves.macro_auc = curves.weighted_auc = curves.auc(1);
        curves.macro_ap = curves.weighted_ap = curves.ap(1);
    }
    return curves;
}

double roc_auc(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::MatrixXd>& proba, int classes) {
    if (classes == 2) return binary_roc_auc(one_vs_rest(y, 1), proba.col(1));
    Eigen::VectorXd auc(classes);
    for (int k = 0; k < classes; ++k) auc(k) = binary_roc_auc(one_vs_rest(y, k), proba.col(k));
    return averages(auc, Eigen::VectorXd::Ones(classes)).first;
}

}  // namespace treelab
