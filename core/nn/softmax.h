#pragma once
// Row-wise softmax, shifted by the row maximum so exp never overflows.
#include <Eigen/Core>

namespace treelab::nn {

// rows × C probabilities of rows × C logits. With `log_sum_exp`, also writes
// log Σ_k exp(z_ik) per row (computed as max_k z_ik + log Σ_k exp(z_ik − max), so that
// log softmax(z)_ik = z_ik − log_sum_exp(i) stays finite for any finite logits).
Eigen::MatrixXd softmax(const Eigen::Ref<const Eigen::MatrixXd>& logits, Eigen::VectorXd* log_sum_exp = nullptr);

// The backward pass of p = softmax(z) row by row: from g = ∂L/∂p, ∂L/∂z = p ⊙ (g − Σ_k g_k p_k).
// Throws treelab::Error when p and g differ in shape.
Eigen::MatrixXd softmax_backward(const Eigen::Ref<const Eigen::MatrixXd>& probabilities, const Eigen::Ref<const Eigen::MatrixXd>& g);

}  // namespace treelab::nn
