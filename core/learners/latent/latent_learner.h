#pragma once
// LatentTrees (000, ICLR formulation): `--method latent`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> latent_params();
TrainResult train_latent(const TrainInput& input, const Progress& progress);

}  // namespace treelab
