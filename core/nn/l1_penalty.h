#pragma once
// An L1 penalty λ·Σ|θ| on a block of parameters with its (sub)gradient λ·sign(θ), 0 at θ = 0 as
// torch.norm(θ, 1).backward() gives it: DGT's L1 on the predicate layer (003 eq. 1,
// microsoft/DGT --pred_reg), GET-Linear's on the split weights (004 eq. 5).
#include <span>

#include "core/nn/matrix_product.h"

namespace treelab::nn {

// Returns λ·Σ|θ| and, when `gradient` is not empty, adds λ·sign(θ) to it (Into::Add) or writes it
// there (Into::Overwrite: a caller that adds the rest of the gradient afterwards, as DGT's chain
// does, saves a pass). One pass over θ. Throws treelab::Error for a negative or non-finite λ, or a
// non-empty gradient of another size than θ.
double l1_penalty(std::span<const double> parameters, double weight, std::span<double> gradient = {}, Into into = Into::Add);
// The same on float32 parameters (the sum in double).
double l1_penalty(std::span<const float> parameters, double weight, std::span<float> gradient, Into into);

}  // namespace treelab::nn
