#pragma once
// GET's depth chosen on held-out rows, as the paper tunes it (004 App. F.1: depths 1..12 by
// validation on a 2:1 split of the training rows, then a refit on all of them at the best depth);
// the authors' code has no search and defaults to depth 4 (reference_implementations.md §4.1).
#include <functional>

#include "core/learners/learner.h"

namespace treelab::get {

// Depths tried in order from 1; the search ends after kDepthPatience depths in a row without a
// better held-out score (deeper GET trees only overfit more once that happens, 004 §5.5), or at
// kAutoMaxDepth, beyond which a default fit would take minutes on modest data.
constexpr int kAutoMaxDepth = 8;
constexpr int kDepthPatience = 2;
// The search's fits make at most this many starts (the first from CART, so also what the refit
// with every start begins with): they compare depths, and the refit at the chosen one makes them all.
constexpr int kSearchStarts = 3;
constexpr Eigen::Index kLeastHeldOutRows = 3;  // fewer fitted or held-out rows: depth 1, without a search

// One GET fit at `depth` (rows, parameters and seed from `input`), reporting to `progress`.
using DepthFit = std::function<TrainResult(int depth, const TrainInput& input, const Progress& progress)>;

struct DepthChoice {
    int depth = 1;           // the best held-out score's depth (the shallowest on ties)
    bool cancelled = false;  // the user stopped the search
    // When cancelled: the best model so far, the best finished depth's fit or else the stopped one.
    TrainResult best_so_far;
};

// The depth of the best held-out score (R², or accuracy for classes) of the hard tree: held out
// are the validation rows when `input` has some (the platform's model-selection rows), else a
// third of the training rows (stratified by class, drawn with the input's seed). The fits report
// to `progress` as heartbeats only, with the depth being fitted as their phase, so a stop is honoured and the search's curves stay out of the
// run's own; the caller refits at the chosen depth with every start and the user's progress.
DepthChoice choose_depth(const TrainInput& input, const DepthFit& fit, const Progress& progress);

}  // namespace treelab::get
