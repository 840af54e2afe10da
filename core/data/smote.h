#pragma once
// Class rebalancing of the training rows in the GradTree protocol (001 §4.1; Chawla et al. 2002): imblearn's
// SMOTE (k = 5 nearest neighbours of the same class, every class oversampled up to the majority
// count), falling back to RandomOverSampler(random_state=42) when a class to oversample has at most
// k rows, where SMOTE raises. Validation and test rows are never rebalanced.
#include <cstddef>
#include <cstdint>

#include <Eigen/Core>

#include "core/data/dataset.h"

namespace treelab {

// The protocol's trigger: the share of the smallest class present in `y` (class indices
// 0..classes-1) is at most 0.25/(C − 1), C the classes present (rebalance_data counts y_train with
// collections.Counter, which knows no absent class).
bool needs_rebalancing(const Eigen::VectorXd& y, int classes);

// Where SMOTE's random numbers come from (imblearn's check_random_state).
struct SmoteRandom {
    std::uint32_t seed = 0;
    // false: SMOTE(random_state=seed), a fresh RandomState(seed) for every class oversampled.
    // true: SMOTE() as the paper calls it, on numpy's global RandomState: seeded with `seed`,
    // advanced by `normals_drawn` standard normals, then one stream through every class.
    bool global_stream = false;
    std::size_t normals_drawn = 0;
};

// The rows SMOTE appends to `train` (imblearn returns the original rows followed by these), drawn
// as imblearn draws them: per class in index order, every randint (which sample, which of its
// neighbours), then every uniform step. When a class to oversample has at most 5 rows, the whole
// call is random oversampling with RandomState(42), whatever `random`.
Dataset smote_rows(const Dataset& train, const SmoteRandom& random);

}  // namespace treelab
