#pragma once
// The ELU activation (Clevert et al. 2015) with α = 1, entry-wise on a batch: LatentTrees' split
// activation and the nonlinearity of its MLP predictor (000 §4, "Architecture details").
#include <Eigen/Core>

namespace treelab::nn {

// elu(u) = u for u > 0, else e^u − 1 (expm1, exact near 0).
Eigen::MatrixXd elu(const Eigen::Ref<const Eigen::MatrixXd>& u);

// ∂L/∂u from the forward output e = elu(u) and g = ∂L/∂e: elu'(u) = 1 for u > 0, else e^u = e + 1.
Eigen::MatrixXd elu_backward(const Eigen::Ref<const Eigen::MatrixXd>& e, const Eigen::Ref<const Eigen::MatrixXd>& g);

}  // namespace treelab::nn
