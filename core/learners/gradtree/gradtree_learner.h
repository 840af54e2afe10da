#pragma once
// GradTree (001, Marton et al.): `--method gradtree`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> gradtree_hyperparameter_table();
TrainResult train_gradtree(const TrainInput& input, const Progress& progress);
// Peak working memory of a fit (memory_estimate.h); gradtree_memory.cpp says where it goes.
MemoryEstimate gradtree_memory_estimate(const DataShape& shape, const ParamValues& params);

}  // namespace treelab
