#pragma once
// ROC and precision-recall curves of class scores (Fawcett 2006) with their areas, equal to
// scikit-learn 1.2.1's roc_curve (drop_intermediate=True), roc_auc_score, precision_recall_curve
// and average_precision_score.
#include <vector>

#include <Eigen/Core>

namespace treelab {

// A curve's points in order with the score threshold of each: ROC x = false positive rate,
// y = true positive rate, from (0, 0); precision-recall x = recall, y = precision, from recall 1 down
// to the point (0, 1) that has no threshold (thresholds has one entry fewer than x, as sklearn's).
struct Curve {
    std::vector<double> x, y, thresholds;
};

// `positive`: 1 for a positive row, 0 for a negative one; `scores`: higher = more positive.
// roc_curve's false positive rates are NaN without negatives and its true positive rates without
// positives, as sklearn's; binary_roc_auc is NaN unless both kinds of row are present (sklearn refuses).
Curve roc_curve(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores);
double binary_roc_auc(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores);
// Without positives the recall is 1 at every threshold, as sklearn's.
Curve precision_recall_curve(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores);
// Σ (R_n − R_{n−1}) P_n, the step integral of the precision-recall curve (no interpolation).
double average_precision(const Eigen::Ref<const Eigen::VectorXd>& positive, const Eigen::Ref<const Eigen::VectorXd>& scores);

// The curves of a classifier's probabilities (rows × classes) against class indices y.
// One-vs-rest per class; micro: every (row, class) cell as one binary problem, sklearn's
// roc_auc_score(label_binarize(y), proba, average="micro"). A class absent from y has a curve with
// NaN rates and no area: the macro and weighted averages leave it out (sklearn refuses to average
// then), weighted by each class's support. With two classes the macro and weighted averages are
// class 1's area and average precision, sklearn's binary roc_auc_score(y, proba[:, 1]) and
// average_precision_score(y, proba[:, 1]).
struct RankingCurves {
    std::vector<Curve> roc, pr;          // per class
    Eigen::VectorXd auc, ap;             // per class; NaN for a class absent from y
    Curve micro_roc, micro_pr;
    double macro_auc = 0, weighted_auc = 0, micro_auc = 0;
    double macro_ap = 0, weighted_ap = 0, micro_ap = 0;
};
RankingCurves ranking_curves(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::MatrixXd>& proba,
                             int classes);

// The ROC AUC evaluate() reports: binary, the area for class 1; otherwise the one-vs-rest macro
// average over the classes present in y. NaN when y holds a single class.
double roc_auc(const Eigen::Ref<const Eigen::VectorXd>& y, const Eigen::Ref<const Eigen::MatrixXd>& proba, int classes);

}  // namespace treelab
