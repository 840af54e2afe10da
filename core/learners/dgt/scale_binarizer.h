#pragma once
// DGT's quantiser of the predicate outputs (003 §3.3, §4 (a);
// microsoft/DGT src/models/xdgthelper.py: ScaleBinarizer1), a straight-through estimator:
//   forward   q = (z ≥ 0)·fac, fac = ‖Z‖₁ / numel(Z) over the whole batch × node matrix and not
//             differentiated (Quantiser::Scale), or fac = 1 (Quantiser::Sign, 003 Algorithm 2's sign)
//   backward  ∂L/∂z = ∂L/∂q where |z| ≤ 1, 0 elsewhere (003 Algorithm 2 line 12: 𝟙_{|a| ≤ 1})
// The network then uses a = 2q − fac = ±fac (dgt_network.h).
#include <Eigen/Core>

#include "core/learners/dgt/dgt_parameter_layout.h"

namespace treelab::dgt {

// Writes q (same shape as Z) and returns fac. An empty Z gives fac = 0 under Scale.
double scale_binarize(const Eigen::Ref<const Eigen::MatrixXd>& Z, Quantiser quantiser, Eigen::MatrixXd& q);

// Writes ∂L/∂Z from d_q = ∂L/∂q (Error on mismatched shapes).
void scale_binarize_backward(const Eigen::Ref<const Eigen::MatrixXd>& Z, const Eigen::Ref<const Eigen::MatrixXd>& d_q, Eigen::MatrixXd& d_Z);

}  // namespace treelab::dgt
