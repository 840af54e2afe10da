#pragma once
// The environment of 003's bandit setting (§2 (I)), simulated from a labelled batch: it keeps the
// rows' labels to itself and answers loss queries, a row and a prediction at a time, counting them.
// The bandit estimators (bandit_feedback.h) see only its answers ("neither the loss function nor
// the label information is available for the learner", 003 §5.3).
#include <Eigen/Core>

namespace treelab::dgt {

class LossOracle {
public:
    // One label per row: a class index, or the regression target scaled to [0, 1] (dgt_settings.h).
    explicit LossOracle(const Eigen::Ref<const Eigen::VectorXd>& labels) : labels_(labels) {}

    // The 0-1 loss of playing class `action` on `row`: 1 − reward, reward = 1[action = y]
    // (003 §5.3.1; the code's reward, microsoft/DGT src/models/xdgt.py).
    double zero_one(Eigen::Index row, Eigen::Index action);
    // The squared loss (value − y)² of predicting `value` on `row` (003 §5.3.2's ℓ_sq; the code's
    // MSELoss on the scaled target).
    double squared(Eigen::Index row, double value);

    Eigen::Index rows() const { return labels_.size(); }
    long long queries() const { return queries_; }  // answers given so far

private:
    Eigen::Ref<const Eigen::VectorXd> labels_;
    long long queries_ = 0;
};

}  // namespace treelab::dgt
