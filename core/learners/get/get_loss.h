#pragma once
// GET's training objective on the soft routing (004 §3.2 eq. 3, with the code's mean over rows,
// maoqiangqiang/GET GET/treeFunc.py, objectiveFuncwithC):
//   L = (1/n) Σ_i Σ_leaves reach_il · ℓ(y_i, leaf l's prediction for x_i)
// a soft-weighted loss with one trained constant (or class logits) per leaf, or for GET-Linear one
// trained k_l·x + h_l per leaf (004 eq. 3 with 004 §2 (a)), not the loss of a soft prediction. The
// trained leaf parameters only shape the gradient; the tree returned and compared between epochs
// has its leaves refitted on the hard routing (get_hard_tree.h).
#include <Eigen/Core>

#include "core/learners/get/get_forward.h"
#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get {

// The share of the objective of one chunk of rows X, from work.reach (soft_routing of the same
// rows): `row_weight` = 1/n for the n rows of the whole batch, so that the chunks' shares add up
// to L (get_objective.h). `targets` is rows × 1 (the unit-scaled target) for SquaredError, rows × C
// one-hot for LogLoss. With `d` (a view of a gradient of the same spec), adds the chunk's ∂L/∂C
// (and ∂L/∂K for linear leaves) to it and replaces the leaf columns of work.reach by
// ∂L/∂reach = ℓ/n for the backward pass (get_backward.h).
double leaf_objective(const Spec& spec, const ParameterView& v, const Eigen::Ref<const Eigen::MatrixXd>& X,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets, double row_weight, Workspace& work, MutableParameterView* d);

}  // namespace treelab::get
