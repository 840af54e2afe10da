#pragma once
// GradTree's forward pass over a batch (gradtree.md §2): hard in value, with what the
// straight-through backward pass (gradtree_loss.h) needs kept beside it.
//   E = entmax₁.₅(I), H = hardmax(E)                    feature choice k_i = argmax I_i   (§2.1, §3)
//   u_{b,i} = T_{i,k_i} − X_{b,k_i}, s = σ(u)            selected threshold and value      (§2.2–3)
//   h = ⌊s⌉: 1 = left iff x < t, a tie x = t goes right  (§2.4, tf.round half to even)
//   z_b = Λ_{leaf(b)}: the one leaf with 𝕃 = 1           (§2.5–6, 001 Eq. 1, 3)
#include <Eigen/Core>

#include "core/learners/gradtree/gradtree_params.h"

namespace treelab::gradtree {

struct Forward {
    Eigen::MatrixXd entmax;   // E, internal × inputs
    Eigen::VectorXi feature;  // k_i per internal node
    Eigen::MatrixXd soft;     // s, rows × internal (every node for every row: dense routing, §11 item 4)
    Eigen::MatrixXd hard;     // h, rows × internal, 1 = left
    Eigen::VectorXi leaf;     // the leaf each row reaches, 0 .. L − 1
    Eigen::MatrixXd outputs;  // z, rows × spec.outputs
};

// Throws treelab::Error when X does not have spec.inputs columns or the parameters do not fit.
Forward forward(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);

// The leaf reached from internal node `node` by following a row's hard decisions `hard` (one row
// of Forward::hard); from the root, the row's leaf.
// A row of the column-major Forward::hard has an inner stride: taken as such, not copied.
using HardRow = Eigen::Ref<const Eigen::RowVectorXd, 0, Eigen::InnerStride<>>;
int leaf_below(const Spec& spec, const HardRow& hard, Eigen::Index node);

}  // namespace treelab::gradtree
