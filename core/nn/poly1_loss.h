#pragma once
// Poly-1 (Leng et al. 2022, "PolyLoss"): ε(1 − p_t), the first term of a classification loss'
// polynomial expansion in (1 − p_t), added to that loss by GradTree's tuned settings (001
// App. C, Table 12: ε ∈ {2, 5}). Only the added term is computed here; the caller adds it to
// its cross-entropy or focal loss.
#include <Eigen/Core>

namespace treelab::nn {

// What p_t is computed from.
enum class PolyPt {
    Logits,     // the clean term: p_t = σ(z) for y = 1, 1 − σ(z) for y = 0; softmax(z)_y for C logits
    Activated,  // the GradTree code's quirk (GDT.py, poly1_cross_entropy): its Poly-1 receives the already
                // activated output and activates it again, p_t = σ(σ(z)) for y = 1, 1 − σ(σ(z)) for
                // y = 0; softmax(softmax(z))_y
};

// ε(1 − p_t) averaged over the n rows of `logits` (n × 1, labels 0/1). With `d_logits` (n × 1),
// writes its ∂/∂z, the 1/n included: −ε dp_t/dz with dp_t/du = ±p_t(1 − p_t) for u = z (Logits) or
// u = σ(z) (Activated, times du/dz = σ(z)(1 − σ(z))). 1 − p_t is evaluated as σ(∓u), never by
// subtraction. Throws treelab::Error on ε < 0, a label other than 0/1, or no rows.
double sigmoid_poly1_term(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                          double epsilon, PolyPt pt, Eigen::MatrixXd* d_logits = nullptr);

// ε(1 − p_y) averaged over the n rows of `logits` (n × C, class indices 0..C−1), p = softmax(u)
// with u = z (Logits) or u = softmax(z) (Activated). With `d_logits`, writes ∂/∂z, the 1/n
// included: ∂/∂u_k = −ε p_y(δ_ky − p_k), then through softmax' Jacobian for Activated. 1 − p_y is
// Σ_{k≠y} p_k. Throws treelab::Error on ε < 0, a bad label or no rows.
double softmax_poly1_term(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::VectorXd>& labels,
                          double epsilon, PolyPt pt, Eigen::MatrixXd* d_logits = nullptr);

}  // namespace treelab::nn
