#pragma once
// GET works on inputs and a regression target scaled to [0, 1], as 004 §2 assumes
// (x ∈ [0, 1]^p, y ∈ [0, 1]); the authors' package does not scale (its README
// example fits raw California housing). TreeLab scales because the method's constants are set for that range: the
// scale factors α ∈ [5, 150] act on b − a·x with a, b ~ U(−1, 1), and the rate 0.01 and weight
// decay 0.01 act on leaf constants in [0, 1]. On raw data (e.g. diabetes' s1 in the hundreds) the
// same α makes every split a step function with vanishing gradients, and the target's units would
// set the loss scale. Min-max on the training rows keeps the tree's partition exactly as on the
// raw data, so the scaling is done inside the learner and the returned splits and leaves are
// mapped back to the data's units: a user reads thresholds as in CART.
#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/data/min_max_scale.h"
#include "core/model/complete_tree.h"

namespace treelab::get {

struct UnitScaling {
    // x_unit = (x − low) ⊙ factor; factor = 1/(max − min), or 0 for a column constant on the
    // training rows (its weight can then never matter, on these rows or on new ones).
    Eigen::RowVectorXd low, factor;
    // Regression: y_unit = (y − low)/range (data/min_max_scale.h); the identity for classification.
    MinMaxScale y;

    static UnitScaling fit(const Dataset& train);  // throws Error when there are no rows

    Eigen::MatrixXd inputs(const Eigen::Ref<const Eigen::MatrixXd>& X) const;
    Eigen::VectorXd target(const Eigen::Ref<const Eigen::VectorXd>& y) const;
    // The same splits on unscaled rows: a·x_unit <= b ⇔ (a ⊙ factor)·x <= b + (a ⊙ factor)·low.
    ObliqueSplits data_splits(const Eigen::Ref<const Eigen::MatrixXd>& A, const Eigen::Ref<const Eigen::VectorXd>& b) const;
    // Unit-scale leaf values of a regression target in the target's units.
    Eigen::MatrixXd data_values(const Eigen::Ref<const Eigen::MatrixXd>& unit_values) const;
    // Linear leaves h + k·x_unit (L × 1 intercepts, L × p slopes) in the data's units, value + w·x:
    // y = y.range·(h + k·((x − low) ⊙ factor)) + y.low, so w = y.range·(k ⊙ factor) and
    // value = y.range·h + y.low − w·low; they predict on unscaled rows what h + k·x_unit does on scaled ones.
    struct LinearLeaves {
        Eigen::MatrixXd values, weights;
    };
    LinearLeaves data_linear_leaves(const Eigen::Ref<const Eigen::MatrixXd>& intercepts, const Eigen::Ref<const Eigen::MatrixXd>& slopes) const;
};

}  // namespace treelab::get
