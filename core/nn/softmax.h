#pragma once
// Row-wise softmax, shifted by the row maximum so exp never overflows.
#include <Eigen/Core>

namespace treelab::nn {

// rows × C probabilities of rows × C logits. With `log_sum_exp`, also writes
// log Σ_k exp(z_ik) per row (computed as max_k z_ik + log Σ_k exp(z_ik − max), so that
// log softmax(z)_ik = z_ik − log_sum_exp(i) stays finite for any finite logits).
Eigen::MatrixXd softmax(const Eigen::Ref<const Eigen::MatrixXd>& logits, Eigen::VectorXd* log_sum_exp = nullptr);

}  // namespace treelab::nn
