#pragma once
// LatentTrees (000, ICLR formulation): `--method latent`.
#include <span>

#include "core/learners/learner.h"

namespace treelab {

std::span<const ParamSpec> latent_hyperparameter_table();
// Live trees (EpochReport::snapshot): epochs between two of them for a tree of this depth, after
// epoch 1 (0 = none; deeper than kLatentLiveTreeMaxDepth the tree is too large to watch redraw).
// The cost of one is measured in latent_learner.cpp.
inline constexpr int kLatentLiveTreeMaxDepth = 10;
int latent_snapshot_every(int depth);
TrainResult train_latent(const TrainInput& input, const Progress& progress);
// Peak working memory of a fit (memory_estimate.h); latent_memory.cpp says where it goes.
MemoryEstimate latent_memory_estimate(const DataShape& shape, const ParamValues& params);

}  // namespace treelab
