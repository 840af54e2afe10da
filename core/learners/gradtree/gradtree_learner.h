#pragma once
// GradTree (001, Marton et al.): `--method gradtree`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> gradtree_hyperparameter_table();
TrainResult train_gradtree(const TrainInput& input, const Progress& progress);

}  // namespace treelab
