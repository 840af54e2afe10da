#pragma once
// GET's hand-written backward pass through the path products and the scaled sigmoid (004 §3.2,
// Figure 2), checked against central finite differences in tests/core/learners/get/.
#include <Eigen/Core>

#include "core/learners/get/get_forward.h"
#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get {

// From work (soft_routing, then leaf_objective with a leaf gradient, so the leaf columns of
// work.reach hold ∂L/∂reach) and the rows X: adds these rows' ∂L/∂A and ∂L/∂b to `gradient`
// (sized spec.parameters(); its leaf part is left as it is), so chunks of rows add up. Overwrites work.reach with ∂L/∂reach and
// work.margins with ∂L/∂u, walking the nodes from the last to the root.
void backward(const Spec& spec, double alpha, const Eigen::Ref<const Eigen::MatrixXd>& X, Workspace& work, Eigen::VectorXd& gradient);

}  // namespace treelab::get
