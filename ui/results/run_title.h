#pragma once
// The name a run gets in the results list: its number, the method, the hyperparameters that differ
// from the defaults in the form's words and the seed, e.g. "#3 LatentTrees (Depth 6, Pruning lambda 0.1) seed 2".
#include <QString>

#include "core/run/run_config.h"

namespace treelab {

QString run_title(int number, const RunConfig& config);

}  // namespace treelab
