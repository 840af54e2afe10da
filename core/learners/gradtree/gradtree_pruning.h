#pragma once
// GradTree's post-hoc pruning (001 §4.1: "remove all branches with zero samples
// based on one pass of the training data").
#include "core/model/tree_model.h"

namespace treelab::gradtree {

// The tree with every split that has a child no training row reaches (samples < 1, min_samples = 1)
// replaced by its other child, that child's subtree included, so every remaining split has
// training rows on both sides. A row that would enter an empty branch follows the non-empty one
// instead, which changes test predictions; training rows keep theirs, since the counts are those
// of the tree's own routing (the forward pass' "x < t"; the paper's prune code routes with ≤,
// GDT.py prune_tree, which could drop a branch a training row reaches). A root no
// row reaches (no training rows) is left as it is. Nodes keep their fields; parent and depth follow
// the new shape.
TreeModel prune_empty_branches(const TreeModel& tree);

}  // namespace treelab::gradtree
