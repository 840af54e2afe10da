#pragma once
// Class rebalancing of the training rows in the GradTree protocol (gradtree.md §8.5): imblearn's
// SMOTE (k = 5 nearest neighbours of the same class, every class oversampled up to the majority
// count), falling back to RandomOverSampler(random_state=42) when a class to oversample has at most
// k rows, where SMOTE raises. Validation and test rows are never rebalanced.
#include <cstdint>

#include <Eigen/Core>

#include "core/data/dataset.h"

namespace treelab {

// The protocol's trigger: the smallest class share of `y` (class indices 0..classes-1) is at most
// 0.25/(C − 1).
bool needs_rebalancing(const Eigen::VectorXd& y, int classes);

// The rows SMOTE(random_state=seed) appends to `train` (imblearn returns the original rows followed
// by these), drawn as imblearn draws them: per class in index order, from a fresh RandomState(seed),
// every randint (which sample, which of its neighbours), then every uniform step. The paper's SMOTE() draws from numpy's global
// state instead, whatever the quantile noise left in it; that state is not replicated. When a class
// to oversample has at most 5 rows, the whole call is random oversampling with RandomState(42).
Dataset smote_rows(const Dataset& train, std::uint32_t seed);

}  // namespace treelab
