#pragma once
// Gradient clipping by the total norm, as torch.nn.utils.clip_grad_norm_ (torch/nn/utils/clip_grad.py,
// norm_type 2, error_if_nonfinite False). DGT clips every step to 0.01 (003 App. C.3.1; microsoft/DGT src/models/xdgt.py).
// The gradient is not scaled here: the coefficient goes to Optimizer::step, which applies it where
// it first reads the gradient (one pass less over DGT's 10⁶–10⁸ weights per step).

#include <span>

namespace treelab {

// min(1, max_norm / (norm + 1e-6)), the factor torch scales the gradient by, for the gradient's
// 2-norm `norm` over the whole vector (torch takes the norm of the per-tensor norms; the two agree up
// to rounding). A NaN norm gives NaN, which makes the step non-finite, as in torch. Throws
// ParamError unless max_norm is positive and finite.
double clip_coefficient(double max_norm, double norm);

// Σ g², summed in double, of a float32 gradient (float32 storage), in one pass compiled per vector
// unit with fixed partial sums, so that every unit gives the same bits (Eigen's conversion in a
// reduction stays scalar in this baseline-x86-64 build: a sixth of a float32 DGT step).
double squared_norm(std::span<const float> gradient);

}  // namespace treelab
