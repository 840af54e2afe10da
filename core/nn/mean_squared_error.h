#pragma once
// Squared-error loss of a batch, the form LatentTrees trains with.
#include <Eigen/Core>

namespace treelab::nn {

// L = (1/n) Σ_i Σ_k (out_ik − target_ik)²: SUMMED over the outputs k and AVERAGED over the n rows
// (the reference's MSELoss(reduction="sum") / batch size, vzantedeschi/LatentTrees hierarchical_clustering.py; it
// equals the usual mean over all entries only for one output). With `d_outputs`, writes
// ∂L/∂out = 2(out − target)/n, the 1/n included. Throws treelab::Error on mismatched shapes or
// no rows.
double mean_squared_error(const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::MatrixXd>& targets,
                          Eigen::MatrixXd* d_outputs = nullptr);

}  // namespace treelab::nn
