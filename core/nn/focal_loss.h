#pragma once
// Focal loss (Lin et al. 2017) as GradTree's tuned configurations use it (001 App. C, "focal_crossentropy"
// in Table 12): ℓ = −(1 − p_t)^γ log p_t, averaged over the rows. γ = 0 gives plain cross-entropy.
#include <Eigen/Core>

namespace treelab::nn {

// Binary, on one logit per row (n × 1): p = σ(z), p_t = p for y = 1 and 1 − p for y = 0 (Keras
// BinaryFocalCrossentropy with class balancing off, so α unused). Labels must be 0 or 1.
// With `d_logits` (n × 1), writes ∂L/∂z, the 1/n included:
//   ∂ℓ/∂z = ±[γ p_t (1 − p_t)^γ log p_t − (1 − p_t)^(γ+1)]   (+ for y = 1, − for y = 0),
// the chain rule dℓ/dp_t · dp_t/dz with the 1/p_t cancelled, so it stays finite as p_t → 0 or 1.
double binary_focal_loss(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                         double gamma, Eigen::MatrixXd* d_logits = nullptr);

// Multi-class, on logits (n × C) through softmax, sparse integer labels (focal_loss'
// SparseCategoricalFocalLoss): ℓ = −(1 − p_y)^γ log p_y. With `d_logits`, writes ∂L/∂z, the 1/n
// included: ∂ℓ/∂z_k = [γ p_y (1 − p_y)^(γ−1) log p_y − (1 − p_y)^γ] · (δ_ky − p_k).
// log p_y comes from the shifted log-sum-exp and 1 − p_y as Σ_{k≠y} p_k, both without
// cancellation. Throws treelab::Error on γ < 0, a bad label or no rows.
double softmax_focal_loss(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                          double gamma, Eigen::MatrixXd* d_logits = nullptr);

}  // namespace treelab::nn
