#pragma once
// Classification metrics with scikit-learn's definitions (precision/recall/F1 of a class with no
// predicted or true rows count as 0, as sklearn's zero_division="warn" does).
#include <limits>

#include <Eigen/Core>

namespace treelab {

// classes × classes, rows = true class, columns = predicted class.
Eigen::MatrixXi confusion_matrix(const Eigen::Ref<const Eigen::VectorXd>& y_true,
                                 const Eigen::Ref<const Eigen::VectorXd>& y_pred, int classes);

struct ClassificationReport {
    double accuracy = 0.0;
    double macro_f1 = 0.0;   // mean over the classes present in y_true or y_pred (sklearn's labels)
    Eigen::VectorXd precision, recall, f1;  // per class
    Eigen::VectorXi support;                // per class: its rows in y_true
    // Mean recall over the classes present in y_true (sklearn's balanced_accuracy_score).
    double balanced_accuracy = 0.0;
    // Cohen's κ (Cohen 1960): agreement of y_pred with y_true beyond the agreement the two marginal
    // distributions give by chance, sklearn's cohen_kappa_score; NaN when chance agreement is 1.
    double cohen_kappa = 0.0;
    Eigen::MatrixXi confusion;
};

ClassificationReport classification_report(const Eigen::Ref<const Eigen::VectorXd>& y_true,
                                           const Eigen::Ref<const Eigen::VectorXd>& y_pred, int classes);

// Fraction of rows with y_pred == y_true. Throws treelab::Error on different lengths or no rows.
double accuracy(const Eigen::Ref<const Eigen::VectorXd>& y_true, const Eigen::Ref<const Eigen::VectorXd>& y_pred);
// Accuracy of the class each row of `scores` (rows × C probabilities or logits) gives the most:
// nn::row_argmax (core/nn/argmax.h: lowest index on ties, first NaN wins).
double argmax_accuracy(const Eigen::Ref<const Eigen::VectorXd>& y_true, const Eigen::Ref<const Eigen::MatrixXd>& scores);

// Mean negative log-likelihood; probabilities clipped to [eps, 1 - eps] and rows renormalised as
// sklearn 1.2.1 does. The default eps is sklearn 1.2's eps="auto", the float64 machine epsilon.
double log_loss(const Eigen::Ref<const Eigen::VectorXd>& y_true, const Eigen::Ref<const Eigen::MatrixXd>& proba,
                double eps = std::numeric_limits<double>::epsilon());
// log p(label) of one row of probabilities after log_loss's clipping and renormalisation: log_loss
// is -(Σ over rows, in row order, of this) / rows, bit for bit. `label` must be a column of `proba`.
double clipped_log_probability(const Eigen::Ref<const Eigen::RowVectorXd>& proba, Eigen::Index label,
                               double eps = std::numeric_limits<double>::epsilon());

}  // namespace treelab
