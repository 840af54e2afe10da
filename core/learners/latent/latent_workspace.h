#pragma once
// The work buffers of LatentTrees' batch loss (latent_tree.h), kept from one batch to the next so
// that a step allocates nothing once the first batch has sized them, and the
// fixed partition of a batch into row blocks. Rows of a batch are independent except through the
// pruning QP, so the forward and backward matrix work runs one block per task; each block writes
// its own partial gradient and the blocks are summed in their order, so the result does not
// depend on how many threads ran them.
#include <vector>

#include <Eigen/Core>

#include "core/learners/latent/descending_columns.h"
#include "core/nn/mlp.h"

namespace treelab::latent {

inline constexpr Eigen::Index kBlockRows = 128;  // rows per block; the partition never depends on the thread count

inline Eigen::Index row_blocks(Eigen::Index rows) { return (rows + kBlockRows - 1) / kBlockRows; }

struct Workspace {
    Eigen::MatrixXd s, q, z, out, d_out;  // rows × (internal | nodes | nodes | outputs | outputs)
    Eigen::MatrixXd d_s;                  // rows × internal
    Eigen::MatrixXi source;               // rows × nodes (latent_path_scores)
    Eigen::MatrixXd block_gradients;      // parameters × blocks: each block's share of the gradient
    Eigen::MatrixXd block_d_a;            // nodes × blocks: each block's share of dL/da
    DescendingColumns::Storage pruning;   // the pruning QP's sorted columns
    nn::MlpTape tape;                     // an MLP f_φ's forward pass, for its backward
    Eigen::MatrixXd d_inputs;             // an MLP f_φ's ∂L/∂[x, z_leaves]
};

}  // namespace treelab::latent
