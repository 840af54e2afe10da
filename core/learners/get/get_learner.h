#pragma once
// GET, Gradient-based Entire Tree (004, Mao & Cao): `--method get`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> get_hyperparameter_table();
TrainResult train_get(const TrainInput& input, const Progress& progress);

}  // namespace treelab
