#pragma once
// CART with scikit-learn 1.2.1 semantics (sklearn/tree/_classes.py, _tree.pyx, _splitter.pyx, _criterion.pyx): Gini / entropy (log base 2) /
// MSE, midpoint thresholds on float32-cast features, left iff x <= threshold, max_depth,
// min_samples_split, min_samples_leaf, min_impurity_decrease, max_features, and sklearn's
// seeded feature-visit order (so ties break as sklearn breaks them with the same random_state).
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> cart_hyperparameter_table();

// Grows the tree (ccp_alpha ignored) and returns it unpruned.
TreeModel grow_cart(const Dataset& train, const ParamValues& params, std::uint32_t seed, const Progress& progress = {});
// grow_cart with whole row weights (sklearn's fit with sample_weight = row_counts, as a bootstrap
// sample's draw counts): impurities, class counts, values and nodes' `samples` weigh a row by
// its count, rows of count 0 are left out, min_samples_split and min_samples_leaf count distinct
// rows (as sklearn's do). Throws TrainingError for a count per row missing or negative.
TreeModel grow_weighted_cart(const Dataset& train, std::span<const int> row_counts, const ParamValues& params,
                             std::uint32_t seed, const Progress& progress = {});
// grow_cart, then prune at params "ccp_alpha" (cost_complexity.h).
TrainResult train_cart(const TrainInput& input, const Progress& progress);
// Peak working memory of a fit (memory_estimate.h; cart_memory.cpp).
MemoryEstimate cart_memory_estimate(const DataShape& shape, const ParamValues& params);

}  // namespace treelab
