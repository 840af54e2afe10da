#pragma once
// A DGT parameter vector → the shared TreeModel through complete_tree.h
// (microsoft/DGT src/xmodelrunner.py evaluates the network, the extracted tree and the relabelled tree): the chain folded into one (w, b) per
// node (003 §3.2: w̃ = (W^(L−1)⋯W^(1))ᵀ w^(L); the code's _extract_pred_weights_for_dt), the code's
// "left iff w·x + b ≥ 0" mapped onto TreeModel's "left iff w·x ≤ threshold" as weights −w and
// threshold b, and the leaves either the network's (the code's `dt`: Θ's logits plus the shared
// bias, or the value mapped back to the target's units) or refitted on the training rows (the
// code's `cdt`: class frequencies, whose mode the code takes, or the mean target).
#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/data/min_max_scale.h"
#include "core/learners/dgt/dgt_parameter_layout.h"
#include "core/model/tree_model.h"

namespace treelab::dgt {

enum class LeafSource { Network, Refit };
// Auto = whichever of the two scores better on the validation rows (accuracy, or the squared error),
// on the training rows when there are none; a tie keeps the network's.
enum class LeafChoice { Auto, Network, Refit };

// `target`: the regression target as the network sees it (the code min-max scales it to [0, 1] on
// the training rows, microsoft/DGT src/main.py); the identity for classification.
TreeModel export_tree(const Spec& spec, const MinMaxScale& target, const Eigen::VectorXd& parameters, LeafSource leaves,
                      const Dataset& train);
TreeModel export_tree(const Spec& spec, const MinMaxScale& target, const Eigen::VectorXd& parameters, LeafChoice leaves,
                      const Dataset& train, const Dataset* valid);

}  // namespace treelab::dgt
