#pragma once
// Gradient clipping by the total norm, as torch.nn.utils.clip_grad_norm_ (torch/nn/utils/clip_grad.py,
// norm_type 2, error_if_nonfinite False). DGT clips every step to 0.01 (003 App. C.3.1; microsoft/DGT src/models/xdgt.py).
// The gradient is not scaled here: the coefficient goes to Optimizer::step, which applies it where
// it first reads the gradient (one pass less over DGT's 10⁶–10⁸ weights per step).

namespace treelab {

// min(1, max_norm / (norm + 1e-6)), the factor torch scales the gradient by, for the gradient's
// 2-norm `norm` over the whole vector (torch takes the norm of the per-tensor norms; the two agree up
// to rounding). A NaN norm gives NaN, which makes the step non-finite, as in torch. Throws
// ParamError unless max_norm is positive and finite.
double clip_coefficient(double max_norm, double norm);

}  // namespace treelab
