#pragma once
// The learner interface every method implements: a function of plain
// structs with a progress callback that can stop the run; the best model so far is returned.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/data/feature_pipeline.h"
#include "core/learners/memory_estimate.h"
#include "core/model/tree_model.h"
#include "core/params/param_preset.h"
#include "core/params/param_spec.h"
#include "core/training/progress.h"

namespace treelab {

struct TrainInput {
    const Dataset& train;
    const Dataset* valid = nullptr;  // for early stopping; null when the learner does not use it
    const ParamValues& params;
    std::uint32_t seed = 0;
};

// The nested pruning sequence behind a path: step k (k >= 1) collapses node `collapsed[k]` (its
// descendants become pruned) at strength `alphas[k]`; step 0 is the grown tree (alpha 0, -1).
struct PruningSequence {
    std::vector<double> alphas;
    std::vector<int> collapsed;
};

// Learners whose pruning strength (LearnerInfo::pruning_param) is a post-hoc path over one grown
// tree (CART's ccp_alpha): sweeps grow once per seed (with the parameter at its no-pruning value 0)
// and prune at every value.
struct PruningPathHook {
    std::function<std::vector<double>(const TreeModel&)> path_values;  // the "auto" values
    std::function<TreeModel(const TreeModel&, double)> prune;
    // Optional. When given, prune(tree, a) must equal applying the steps of sequence(tree) in order
    // while their alpha <= a, up to the first larger one (no step at a = 0), and path_values(tree)
    // must be its alphas; the path curve then updates its rows per collapse instead of re-pruning.
    std::function<PruningSequence(const TreeModel&)> sequence;
};

struct LearnerInfo {
    std::string name;   // "cart"
    std::string label;  // "CART"
    std::string summary;  // one line
    std::string paper;    // where the method comes from (authors, title, venue)
    bool uses_validation = false;  // false: trained on train ∪ valid (GradTree protocol, 001 App. D)
    std::span<const ParamSpec> params;
    std::function<TrainResult(const TrainInput&, const Progress&)> train;
    std::optional<PruningPathHook> pruning_path;
    // The pruning-strength parameter ("lambda", "ccp_alpha") and its symbol ("λ", "α"): figure
    // titles name it, the sweep tab offers it first. Empty = the method has none.
    std::string pruning_param, pruning_symbol;
    // Preprocessing applied when the user has not chosen one (--scaling auto, the GUI's
    // "Automatic"): gradient learners need standardised inputs, CART is scale-free.
    Scaling default_scaling = Scaling::None;
    // "name=value" assignments for a quick run on a small shipped set (contract tests, smoke runs):
    // few epochs, a shallow tree. Empty = the defaults are already quick.
    std::vector<std::string> quick_params;
    // Named settings one `preset` row away (param_preset.h), e.g. {"paper", "Paper (faithful)", "001 App. B.2's
    // default setting", {"depth=10", ...}}: the registry appends the row (preset_param_spec) to
    // `params` when the list is not empty, and method_params resolves it, so train never reads it.
    std::vector<ParamPreset> presets = {};
    // Peak working memory of a fit from the data's shape and the complete parameters
    // (memory_estimate.h), checked before training (core/run/memory_budget.h). Empty = negligible.
    MemoryEstimator memory_estimate = {};
};

std::span<const LearnerInfo> learners();
// The method a run uses when none is named: the registry's first entry, the baseline (CART).
const std::string& default_method();
const LearnerInfo& find_learner(const std::string& name);  // throws ParamError listing the methods

}  // namespace treelab
