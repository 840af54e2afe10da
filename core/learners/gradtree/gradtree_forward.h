#pragma once
// GradTree's forward pass over a batch (001 §3.2–3.4, Algorithm 1): hard in value, with what the
// straight-through backward pass (gradtree_loss.h) needs kept beside it.
//   E = entmax₁.₅(I), H = hardmax(E)                    feature choice k_i = argmax I_i   (001 §3.3)
//   u_{b,i} = T_{i,k_i} − X_{b,k_i}, s = σ(u)            selected threshold and value      (001 eq. 6)
//   h = ⌊s⌉: 1 = left iff x < t, a tie x = t goes right  (001 eq. 7, tf.round half to even)
//   z_b = Λ_{leaf(b)}: the one leaf with 𝕃 = 1           (001 eq. 1, 3)
// The code evaluates every internal node for every row (dense routing, 001 §3.4), but only the
// d nodes on a row's own path enter its output and gradient: every other node's h multiplies a
// zero factor of each leaf membership (001 eq. 3). So s is computed on the path only, rows × d instead
// of rows × (2^d − 1), and the backward pass reads the hard decisions it needs off the path from
// the thresholds; E is only needed as its argmax here, and the backward pass computes it for the
// nodes some row passes. The values and gradients are the dense ones (gradtree_backward_test).
#include <Eigen/Core>

#include "core/learners/gradtree/gradtree_parameter_layout.h"

namespace treelab::gradtree {

struct Forward {
    Eigen::VectorXi feature;    // k_i per internal node
    Eigen::VectorXd threshold;  // T_{i,k_i} per internal node
    Eigen::MatrixXd soft;       // s at the path nodes, rows × depth (column j: the node at depth j + 1)
    Eigen::VectorXi leaf;       // the leaf each row reaches, 0 .. L − 1
    Eigen::MatrixXd outputs;    // z, rows × spec.outputs
};

// Throws treelab::Error when X does not have spec.inputs columns or the parameters do not fit.
Forward forward(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);

// The leaf reached from internal node `node` by a row x following the forward pass' hard
// decisions (left iff x_k < t); from the root, the row's leaf.
int leaf_below(const Spec& spec, const Forward& f, const Eigen::Ref<const Eigen::RowVectorXd>& x, Eigen::Index node);

}  // namespace treelab::gradtree
