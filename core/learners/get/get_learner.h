#pragma once
// GET, Gradient-based Entire Tree (004, Mao & Cao): `--method get`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> get_hyperparameter_table();
TrainResult train_get(const TrainInput& input, const Progress& progress);
// Peak working memory of a fit (memory_estimate.h); get_memory.cpp says where it goes.
MemoryEstimate get_memory_estimate(const DataShape& shape, const ParamValues& params);

}  // namespace treelab
