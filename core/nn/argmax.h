#pragma once
// The one argmax behind every class prediction and accuracy in core, so that all of them break
// ties the same way.
//
// Tie rule: the LOWEST index among the maxima wins (numpy's argmax, tf.argmax; the GradTree code's
// hardmax and its class prediction).
// NaN: a NaN counts as larger than every number, so the first NaN wins, again as numpy's argmax.
// A diverged model's NaN outputs therefore predict the class of the first NaN (class 0 when a
// whole row is NaN) instead of a class that depends on where the NaN sits.
#include <Eigen/Core>

namespace treelab::nn {

// Index of the largest entry of `values`; throws treelab::Error when it is empty.
Eigen::Index argmax(const Eigen::Ref<const Eigen::VectorXd, 0, Eigen::InnerStride<>>& values);

// argmax of every row (rows × 1); a matrix with no columns throws treelab::Error.
Eigen::VectorXi row_argmax(const Eigen::Ref<const Eigen::MatrixXd>& scores);

}  // namespace treelab::nn
