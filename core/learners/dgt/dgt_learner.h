#pragma once
// DGT, Dense Gradient Trees (003, Karthikeyan et al.), supervised: `--method dgt`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> dgt_hyperparameter_table();
TrainResult train_dgt(const TrainInput& input, const Progress& progress);

}  // namespace treelab
