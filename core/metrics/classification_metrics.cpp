#include "core/metrics/classification_metrics.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/nn/argmax.h"

namespace treelab {
namespace {

void check_labels(const Eigen::Ref<const Eigen::VectorXd>& y, const char* what, int classes) {
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        const double v = y(i);
        if (!(v >= 0.0 && v < classes && v == std::floor(v)))
            throw Error(std::string(what) + " of row " + std::to_string(i + 1) + " is " + std::to_string(v) +
                        ", not a class index between 0 and " + std::to_string(classes - 1));
    }
}

// sklearn's _prf_divide with zero_division="warn": an undefined ratio counts as 0.
double ratio(double numerator, double denominator) { return denominator == 0.0 ? 0.0 : numerator / denominator; }

}  // namespace

Eigen::MatrixXi confusion_matrix(const Eigen::Ref<const Eigen::VectorXd>& y_true,
                                 const Eigen::Ref<const Eigen::VectorXd>& y_pred, int classes) {
    if (y_true.size() != y_pred.size())
        throw Error("cannot compare " + std::to_string(y_true.size()) + " true labels with " +
                    std::to_string(y_pred.size()) + " predictions");
    check_labels(y_true, "the true class", classes);
    check_labels(y_pred, "the predicted class", classes);
    Eigen::MatrixXi confusion = Eigen::MatrixXi::Zero(classes, classes);
    for (Eigen::Index i = 0; i < y_true.size(); ++i) ++confusion(static_cast<int>(y_true(i)), static_cast<int>(y_pred(i)));
    return confusion;
}

ClassificationReport classification_report(const Eigen::Ref<const Eigen::VectorXd>& y_true,
                                           const Eigen::Ref<const Eigen::VectorXd>& y_pred, int classes) {
    if (y_true.size() == 0) throw Error("there are no rows to score");
    ClassificationReport report;
    report.confusion = confusion_matrix(y_true, y_pred, classes);
    const Eigen::MatrixXd counts = report.confusion.cast<double>();
    const Eigen::VectorXd true_sum = counts.rowwise().sum();
    const Eigen::VectorXd pred_sum = counts.colwise().sum().transpose();
    const Eigen::VectorXd tp = counts.diagonal();

    report.accuracy = tp.sum() / static_cast<double>(y_true.size());
    report.precision.resize(classes);
    report.recall.resize(classes);
    report.f1.resize(classes);
    double f1_sum = 0.0;
    int present = 0;
    for (int k = 0; k < classes; ++k) {
        const double p = ratio(tp(k), pred_sum(k));
        const double r = ratio(tp(k), true_sum(k));
        report.precision(k) = p;
        report.recall(k) = r;
        report.f1(k) = ratio(2.0 * p * r, p + r);  // sklearn 1.2.1's arithmetic, so values agree to the bit
        // With labels=None sklearn averages over the labels seen in y_true or y_pred only.
        if (true_sum(k) > 0 || pred_sum(k) > 0) {
            f1_sum += report.f1(k);
            ++present;
        }
    }
    report.macro_f1 = f1_sum / present;
    report.support = report.confusion.rowwise().sum();

    double recall_sum = 0.0;
    int true_classes = 0;
    for (int k = 0; k < classes; ++k)
        if (true_sum(k) > 0) {
            recall_sum += report.recall(k);
            ++true_classes;
        }
    report.balanced_accuracy = recall_sum / true_classes;

    // κ = 1 − Σ off-diagonal observed / Σ off-diagonal expected, the form sklearn computes.
    const double rows = static_cast<double>(y_true.size());
    double observed_disagreement = 0.0, expected_disagreement = 0.0;
    for (int t = 0; t < classes; ++t)
        for (int p = 0; p < classes; ++p)
            if (t != p) {
                observed_disagreement += counts(t, p);
                expected_disagreement += pred_sum(t) * true_sum(p) / rows;
            }
    report.cohen_kappa = expected_disagreement == 0.0 ? std::numeric_limits<double>::quiet_NaN()
                                                       : 1.0 - observed_disagreement / expected_disagreement;
    return report;
}

double accuracy(const Eigen::Ref<const Eigen::VectorXd>& y_true, const Eigen::Ref<const Eigen::VectorXd>& y_pred) {
    if (y_true.size() != y_pred.size())
        throw Error("cannot compare " + std::to_string(y_true.size()) + " true labels with " +
                    std::to_string(y_pred.size()) + " predictions");
    if (y_true.size() == 0) throw Error("there are no rows to score");
    const auto correct = (y_true.array() == y_pred.array()).count();
    return static_cast<double>(correct) / static_cast<double>(y_true.size());
}

double argmax_accuracy(const Eigen::Ref<const Eigen::VectorXd>& y_true, const Eigen::Ref<const Eigen::MatrixXd>& scores) {
    if (scores.rows() != y_true.size())
        throw Error("cannot compare " + std::to_string(y_true.size()) + " true labels with " +
                    std::to_string(scores.rows()) + " rows of scores");
    return accuracy(y_true, nn::row_argmax(scores).cast<double>());
}

}  // namespace treelab
