#pragma once
// Internal to core/data: scikit-learn 1.2.1's train_test_split(stratify=y, random_state=seed),
// i.e. StratifiedShuffleSplit with _approximate_mode, on numpy's legacy RandomState, reproduced
// row for row. The LatentTrees scripts split this way twice (test, then valid from the rest;
// vzantedeschi/LatentTrees src/clus_datasets.py).
#include <cstdint>

#include <Eigen/Core>

#include "core/data/splits.h"

namespace treelab {

// `classes` are class indices 0..C-1 (sorted labels, as np.unique numbers them).
Split sklearn_stratified_split(const Eigen::VectorXi& classes, const SplitFractions& fractions, std::uint32_t seed);

}  // namespace treelab
