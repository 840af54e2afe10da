#pragma once
// A complete heap-ordered tree for the routing and dendrogram-purity tests: node t has children
// 2t+1 and 2t+2, every split reads x0, and a row with x0 = k stops at leaf number k (node
// 2^depth - 1 + k), so tests place rows in leaves directly.
#include <initializer_list>

#include "core/model/tree_model.h"

namespace treelab::test {

// Classification with `classes` classes named "0", "1", ...; uniform distributions.
TreeModel heap_tree(int depth, int classes = 2);
// One row per entry, x0 = the leaf number (0 .. 2^depth - 1).
Eigen::MatrixXd rows_at_leaves(std::initializer_list<int> leaves);
// Flags `node` and its whole subtree pruned.
void prune_subtree(TreeModel& tree, int node);

}  // namespace treelab::test
