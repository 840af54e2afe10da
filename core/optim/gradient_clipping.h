#pragma once
// Gradient clipping by the total norm, as torch.nn.utils.clip_grad_norm_ (torch/nn/utils/clip_grad.py,
// norm_type 2, error_if_nonfinite False). DGT clips every step to 0.01 (reference_implementations.md §3.3).
#include <Eigen/Core>

namespace treelab {

// Scales `gradient` by min(1, max_norm / (‖gradient‖₂ + 1e-6)) and returns ‖gradient‖₂ before
// clipping. The norm is taken over the whole vector (torch takes the norm of the per-tensor norms;
// the two agree up to rounding). A non-finite norm makes the gradient non-finite, as in torch.
// Throws ParamError unless max_norm is positive and finite.
double clip_gradient_norm(Eigen::Ref<Eigen::VectorXd> gradient, double max_norm);

// The same with ‖gradient‖₂ already known (the training loop's finiteness check computes it).
void clip_gradient_to(Eigen::Ref<Eigen::VectorXd> gradient, double max_norm, double norm);

}  // namespace treelab
