#pragma once
// GET's training objective on the soft routing (004 §3.2 eq. 3, with the code's mean over rows,
// GET/treeFunc.py objectiveFuncwithC, reference_implementations.md §4.2):
//   L = (1/n) Σ_i Σ_leaves reach_il · ℓ(y_i, C_l)
// a soft-weighted loss with one trained constant (or class logits) per leaf, not the loss of a
// soft prediction. The trained C only shapes the gradient; the tree returned and compared
// between epochs has its leaves refitted on the hard routing (get_hard_tree.h).
#include <Eigen/Core>

#include "core/learners/get/get_forward.h"
#include "core/learners/get/get_params.h"

namespace treelab::get {

// The share of the objective of one chunk of rows, from work.reach (soft_routing of the same
// rows): `row_weight` = 1/n for the n rows of the whole batch, so that the chunks' shares add up
// to L (get_objective.h). `targets` is rows × 1 (the unit-scaled target) for SquaredError, rows × C
// one-hot for LogLoss. With `d_leaf` (sized L × m), adds the chunk's ∂L/∂C to it and replaces the
// leaf columns of work.reach by ∂L/∂reach = ℓ/n for the backward pass (get_backward.h).
double leaf_objective(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& leaf, const Eigen::Ref<const Eigen::MatrixXd>& targets,
                      double row_weight, Workspace& work, Eigen::Map<Eigen::MatrixXd>* d_leaf);

}  // namespace treelab::get
