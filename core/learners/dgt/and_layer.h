#pragma once
// DGT's AND layer (003 §3.1, eq. 4): the fixed matrix
// W ∈ {−1, 0, +1}^{L×N} of the authors' DGT._get_and_layer_params, W[l, t] = +1 when leaf l lies
// in the LEFT subtree of internal node t, −1 in its right subtree, 0 otherwise (003's S(i, l) with
// the sign flipped: in the code a node sends a row left when z = w·x + b ≥ 0). With a = ±fac per
// node, and_z = a Wᵀ reaches h·fac at the leaf every decision leads to and at most (h − 2)·fac
// elsewhere, so the one-hot of its argmax is that leaf (003 Proposition 1 in sum form).
#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace treelab::dgt {

// L × N, heap order (node t's children 2t+1 and 2t+2, leaf l = the l-th leaf from the left), one
// non-zero per leaf and level. Throws treelab::Error for height < 1.
Eigen::SparseMatrix<double> and_matrix(int height);

// The leaf each row reaches (0 … L − 1) from its predicate outputs Z (rows × N): left at node t iff
// Z(row, t) ≥ 0, as the code's quantiser (−0 counts as ≥ 0). It is the argmax of and_z (and of its
// softmax) whenever fac > 0; when fac = 0 every z is 0 and every row goes to leaf 0, the argmax's
// first index. Throws treelab::Error when Z does not have 2^height − 1 columns.
Eigen::VectorXi reached_leaves(const Eigen::Ref<const Eigen::MatrixXd>& Z, int height);

}  // namespace treelab::dgt
