#pragma once
// DGT, Dense Gradient Trees (003, Karthikeyan et al.), supervised: `--method dgt`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> dgt_hyperparameter_table();
TrainResult train_dgt(const TrainInput& input, const Progress& progress);
// Peak working memory of a fit (memory_estimate.h); dgt_memory.cpp says where it goes.
MemoryEstimate dgt_memory_estimate(const DataShape& shape, const ParamValues& params);

}  // namespace treelab
