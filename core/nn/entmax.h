#pragma once
// entmax-1.5 (Peters, Niculae & Martins 2019, α = 1.5), row-wise, and its Jacobian-vector product;
// GradTree's feature selection (001 §3.3).
#include <Eigen/Core>

namespace treelab::nn {

// p_i = entmax₁.₅(v_i) for every row v_i of `logits` (rows × n): p_k = [v_k/2 − τ]₊² with τ such
// that Σ_k p_k = 1; the exact sort-based algorithm of Peters et al. 2019. Sparse: entries with
// v_k/2 ≤ τ are exactly 0, and a top logit ahead of the runner-up by ≥ 2 gives a one-hot row.
// A zero row gives the uniform distribution.
Eigen::MatrixXd entmax15(const Eigen::Ref<const Eigen::MatrixXd>& logits);

// row_argmax(entmax15(logits)) (argmax.h: lowest index on ties), without computing a row's entmax
// where its top logit leads the runner-up by more than rounding could close: there the top entry's
// probability is strictly the largest. Elsewhere (near or exact ties) the row is computed.
Eigen::VectorXi entmax15_argmax(const Eigen::Ref<const Eigen::MatrixXd>& logits);

// Backward pass: ∂L/∂v from the forward output p and g = ∂L/∂p, row-wise (Peters et al. 2019, §3):
//   ∂L/∂v_k = S_k g_k − S_k (Σ_q S_q g_q) / (Σ_q S_q),   S = √p.
// Entries outside the support (p_k = 0) get 0; a one-hot row gets 0 everywhere.
Eigen::MatrixXd entmax15_backward(const Eigen::Ref<const Eigen::MatrixXd>& p, const Eigen::Ref<const Eigen::MatrixXd>& g);

}  // namespace treelab::nn
