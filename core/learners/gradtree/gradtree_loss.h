#pragma once
// GradTree's training loss on a batch (001 §4.1, App. C) and its gradient.
#include <Eigen/Core>

#include "core/learners/gradtree/gradtree_parameter_layout.h"
#include "core/learners/gradtree/path_table.h"

namespace treelab::gradtree {

// spec.loss of the leaf outputs z (rows × spec.outputs) against y (class index as double, or the
// regression value), plus the Poly-1 term when spec.poly_epsilon > 0 (Leng et al. 2022), averaged
// over the rows; with `d_outputs`, ∂ℒ/∂z, the 1/rows included.
// One output with CrossEntropy/Focal is binary (labels 0/1, σ(z)), more are softmax over classes.
// Throws treelab::Error (from core/nn) when y does not have one entry per row or holds a bad label.
double output_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::VectorXd>& y,
                   Eigen::MatrixXd* d_outputs = nullptr);

// ℒ of the hard forward pass on the rows (gradtree_forward.h) and, when `gradient` is non-null,
// its straight-through gradient (gradtree_backward.h), sized like `parameters`. `paths` is
// path_table(spec.depth), computed once by the caller.
double batch_loss(const Spec& spec, const PathTable& paths, const Eigen::VectorXd& parameters,
                  const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::VectorXd* gradient);

}  // namespace treelab::gradtree
