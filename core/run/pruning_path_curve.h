#pragma once
// The cost-complexity path of a trained tree as a curve (CART's view in the Training tab, like
// scikit-learn's "post pruning with cost complexity pruning" example): for each effective α of the
// grown tree, the pruned subtree's total leaf impurity, its leaves and its scores.
#include <vector>

#include "core/learners/learner.h"
#include "core/run/evaluation.h"
#include "core/run/prepared_data.h"

namespace treelab {

struct PruningPathPoint {
    double alpha = 0.0;
    double impurity = 0.0;  // R(T) = Σ over the subtree's leaves of (N_t / N) i(t) (cost_complexity.h)
    int leaves = 0;
    Scores train, test;
};

// `model` is a tree `hook`'s learner trained (with or without pruning: its pruned flags are
// cleared, so the path starts from the grown tree); one point per distinct path value, in path
// order: steps that share an α are pruned together, so the point is the subtree after the last.
// Each point equals pruning with hook.prune and scoring with evaluate(); with a hook that gives its
// nested sequence (CART's) the rows are updated per collapse instead (O(rows) per point).
std::vector<PruningPathPoint> pruning_path_curve(const PruningPathHook& hook, const TreeModel& model,
                                                 const PreparedData& data);

}  // namespace treelab
