#pragma once
// Straight-through estimators of GradTree (001 §3.3; Bengio et al. 2013): the forward pass
// is hard (one-hot, 0/1), the backward pass treats it as if it were the soft value.
#include <Eigen/Core>

namespace treelab::nn {

// One-hot of each row's argmax (argmax.h: lowest index on ties), rows × n. Forward of GradTree's
// feature choice H = hardmax(entmax₁.₅(I)) (001 §3.3).
Eigen::MatrixXd hardmax(const Eigen::Ref<const Eigen::MatrixXd>& scores);
// Its straight-through backward: ∂L/∂scores := ∂L/∂H, the gradient passed on unchanged
// (the code's E − stopgrad(E − H)). A function so that callers say what they do.
Eigen::MatrixXd hardmax_backward(const Eigen::Ref<const Eigen::MatrixXd>& d_onehot);

// The hard decision of the rounded split at u = t − x: left iff u > 0, i.e. x < t (below).
inline bool split_goes_left(double u) { return u > 0.0; }

// The rounded split h = ⌊σ(u)⌉ (001 eq. 6–7, u = t − x, h = 1 means left).
struct RoundedSplit {
    Eigen::MatrixXd soft;  // s = σ(u)
    // h = 1 where u > 0, else 0: round(σ(u)) with tf.round's half to even (s = 0.5 gives 0), decided
    // on u because σ(u) rounds to 0.5 for 0 < u < 2⁻⁵³, and left iff x < t must hold exactly
    // (tf.round(0.5) = 0 in the GradTree code; the export to TreeModel relies on it, complete_tree.h).
    Eigen::MatrixXd hard;
};
RoundedSplit rounded_split(const Eigen::Ref<const Eigen::MatrixXd>& u);
// Straight-through backward through the rounding, then the sigmoid: ∂L/∂u = g · s(1 − s), with
// g = ∂L/∂h (∂h/∂s := 1; 001 §3.3: the factor is s(1 − s), not 1, so rows near the threshold get larger gradients).
Eigen::MatrixXd rounded_split_backward(const Eigen::Ref<const Eigen::MatrixXd>& soft, const Eigen::Ref<const Eigen::MatrixXd>& g);

}  // namespace treelab::nn
