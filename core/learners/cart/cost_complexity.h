#pragma once
// Minimal cost-complexity (weakest-link) pruning, Breiman et al. 1984 ch. 3, with scikit-learn's
// variant (sklearn/tree/_tree.pyx, _cost_complexity_prune): R(t) = (N_t / N) i(t), one collapse per step (the first node
// in index order among the weakest links), pruning while alpha >= g(t).
#include <vector>

#include "core/model/tree_model.h"

namespace treelab {

struct PruningPath {
    std::vector<double> alphas;      // effective alphas, non-decreasing, starting with 0
    std::vector<double> impurities;  // R(T) of the subtree at each alpha (sum over its leaves)
    std::vector<int> leaves;         // leaves of the subtree at each alpha
    std::vector<int> collapsed;      // node collapsed at each step (-1 for the first entry)
};

// The path of `tree` (its pruned flags are ignored: the full grown tree is the start).
PruningPath cost_complexity_path(const TreeModel& tree);
// Copy of `tree` with every node below a collapsed node flagged `pruned`, for ccp_alpha = alpha.
// alpha = 0 returns the tree unchanged (sklearn skips pruning then).
TreeModel prune_cost_complexity(const TreeModel& tree, double alpha);

}  // namespace treelab
