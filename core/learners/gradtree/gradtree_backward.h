#pragma once
// GradTree's hand-written backward pass over a batch (001 §3.3), straight through the
// hardmax (∂H/∂E := 1) and the rounding (∂h/∂s := 1).
#include <Eigen/Core>

#include "core/learners/gradtree/gradtree_forward.h"
#include "core/learners/gradtree/gradtree_parameter_layout.h"
#include "core/learners/gradtree/path_table.h"

namespace treelab::gradtree {

// Writes ∂ℒ/∂parameters into `gradient` (resized to spec.parameters()) from G = ∂ℒ/∂z
// (rows × spec.outputs) and the forward pass `f` of the same parameters and rows X; `paths` is
// path_table(spec.depth).
void backward(const Spec& spec, const PathTable& paths, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
              const Forward& f, const Eigen::Ref<const Eigen::MatrixXd>& d_outputs, Eigen::VectorXd& gradient);

}  // namespace treelab::gradtree
