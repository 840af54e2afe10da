#pragma once
// The name a run gets in the results list: its number, the method, the hyperparameters that differ
// from the defaults and the seed, e.g. "#3 LatentTrees depth=6 lambda=0.1 seed 2".
#include <QString>

#include "core/run/run_config.h"

namespace treelab {

QString run_title(int number, const RunConfig& config);

}  // namespace treelab
