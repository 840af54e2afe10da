#pragma once
// A tree's depth chosen on held-out rows, as papers tune it: fits at increasing depths scored on the
// validation rows, or without any on a third of the training rows (then the caller refits on all).
// GET searches depths 1..8 (004 App. F.1 tunes 1..12; its code has no search and defaults to 4),
// DGT heights 2, 4, 6, 8 (003 §5 tunes h ∈ {2, 4, 6, 8, 10}; run.sh fixes 6).
#include <functional>
#include <string>
#include <vector>

#include "core/learners/learner.h"

namespace treelab {

struct DepthSearch {
    std::vector<int> depths;   // tried in this order
    // The search ends after this many depths in a row without a better held-out score (deeper trees
    // only overfit more once that happens, 004 §5.5).
    int patience = 2;
    std::string name = "depth";  // the learner's word for it, in the heartbeats' phase
};

constexpr Eigen::Index kLeastHeldOutRows = 3;  // fewer fitted or held-out rows: the first depth, without a search

// One fit at `depth` (rows, parameters and seed from `input`), reporting to `progress`.
using DepthFit = std::function<TrainResult(int depth, const TrainInput& input, const Progress& progress)>;

struct DepthChoice {
    int depth = 0;           // the best held-out score's depth (the first on ties)
    bool cancelled = false;  // the user stopped the search
    // The best finished depth's fit (when cancelled and none finished, the stopped one).
    TrainResult best_so_far;
    // best_so_far is the finished fit at `depth` on the input's own rows (it has validation rows),
    // so a caller that would refit with the same settings need not.
    bool reusable = false;
};

// The depth of the best held-out score (R², or accuracy for classes) of the returned tree: held
// out are the validation rows when `input` has some (the platform's model-selection rows), else a
// third of the training rows (stratified by class, drawn with the input's seed). The fits report
// to `progress` as heartbeats only, with the depth being fitted as their phase ("choosing the
// height on the validation rows: height 4 (trying 2 to 8)"), so a stop is honoured and the search's curves stay out of the run's own.
DepthChoice choose_depth(const TrainInput& input, const DepthFit& fit, const DepthSearch& search, const Progress& progress);

}  // namespace treelab
