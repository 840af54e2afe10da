#pragma once
// Binary cross-entropy on one logit per row (001 §4.1; the GradTree code's "binary_crossentropy" on σ(z) in its
// logits form).
#include <Eigen/Core>

namespace treelab::nn {

// L = (1/n) Σ_i −[y_i log σ(z_i) + (1 − y_i) log(1 − σ(z_i))] over the n rows of `logits`
// (n × 1); y_i ∈ [0, 1] (hard labels 0/1, or soft ones). Stable: log σ(z) and log(1 − σ(z)) =
// log σ(−z) are evaluated as −softplus, never as the log of a rounded probability. With
// `d_logits` (n × 1), writes ∂L/∂z = (σ(z) − y)/n, the 1/n included. Throws treelab::Error on
// more than one column, a label outside [0, 1], or no rows.
double sigmoid_cross_entropy(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                             Eigen::MatrixXd* d_logits = nullptr);

}  // namespace treelab::nn
