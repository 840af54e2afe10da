#pragma once
// Trained GradTree parameters → the shared TreeModel through complete_tree.h.
#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/learners/gradtree/gradtree_parameter_layout.h"
#include "core/model/complete_tree.h"
#include "core/model/tree_model.h"

namespace treelab::gradtree {

// The hard tree of the forward pass: node i splits on k_i = argmax I_i at T_{i,k_i}. GradTree
// sends x LEFT iff x < t (001 eq. 7; tf.round(0.5) = 0: a tie goes right) and TreeModel iff x <= t, so
// the exported threshold is std::nextafter(t, −∞) (complete_tree.h), which routes every row as the
// forward pass does, ties included. Leaves: Λ as logits (one logit for binary) or, for
// regression (Loss::SquaredError), as values.
CompleteTree complete_tree(const Spec& spec, const Eigen::VectorXd& parameters);

// complete_tree_model of the above with the training rows' routing counts (unpruned; the
// post-hoc pruning of 001 §4.1 comes with the learner).
TreeModel export_tree(const Spec& spec, const Eigen::VectorXd& parameters, const Dataset& train);

}  // namespace treelab::gradtree
