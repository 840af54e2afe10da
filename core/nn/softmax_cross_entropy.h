#pragma once
// Softmax cross-entropy on logits (categorical cross-entropy; 001 §4.1, 000 eq. 10).
#include <Eigen/Core>

namespace treelab::nn {

// L = (1/n) Σ_i −log softmax(z_i)_{y_i} over the n rows of `logits` (n × C); `labels` holds the
// class index of each row (an integer 0..C−1 stored as double). Numerically stable: log softmax
// is z − (max z + log Σ exp(z − max z)). With `d_logits`, writes ∂L/∂z = (softmax(z) − onehot(y))/n,
// the 1/n included. Throws treelab::Error on a bad label or no rows.
double softmax_cross_entropy(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                             Eigen::MatrixXd* d_logits = nullptr);

}  // namespace treelab::nn
