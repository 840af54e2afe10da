#pragma once
// The learner interface every method implements (conventions §2 and §5): a function of plain
// structs with a progress callback that can stop the run; the best model so far is returned.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/model/tree_model.h"
#include "core/params/param_spec.h"

namespace treelab {

struct EpochReport {
    int epoch = 0;          // iterative learners: epoch; CART: nodes built so far
    int total = 0;          // expected number of epochs/steps, 0 if unknown
    double train_loss = 0.0, valid_loss = 0.0, train_metric = 0.0, valid_metric = 0.0;
    int active_nodes = -1;  // learners that prune: nodes still active (pruning solved on the training rows); -1 = n/a
    const TreeModel* snapshot = nullptr;  // may be null; valid during the call only
    // A mid-epoch report (only epoch and train_loss so far are meaningful) that lets a long epoch be
    // cancelled within a moment; receivers that plot or record epochs skip it.
    bool heartbeat = false;
};
using Progress = std::function<bool(const EpochReport&)>;  // return false = stop now

struct TrainResult {
    TreeModel model;
    bool stopped_early = false;      // the progress callback asked to stop
    bool diverged = false;           // a loss went non-finite; `model` is the best one before it
    std::vector<EpochReport> history;
};

struct TrainInput {
    const Dataset& train;
    const Dataset* valid = nullptr;  // for early stopping; null when the learner does not use it
    const ParamValues& params;
    std::uint32_t seed = 0;
};

// Learners whose pruning strength is a post-hoc path over one grown tree (CART's ccp_alpha): sweeps
// grow once per seed (with `param` at its no-pruning value 0) and prune at every value.
struct PruningPathHook {
    std::string param;
    std::function<std::vector<double>(const TreeModel&)> path_values;  // the "auto" values
    std::function<TreeModel(const TreeModel&, double)> prune;
};

struct LearnerInfo {
    std::string name;   // "cart"
    std::string label;  // "CART"
    std::string summary;  // one line
    std::string paper;    // where the method comes from (authors, title, venue)
    bool uses_validation = false;  // false: trained on train ∪ valid (GradTree protocol, gradtree.md §8.6)
    std::span<const ParamSpec> params;
    std::function<TrainResult(const TrainInput&, const Progress&)> train;
    std::optional<PruningPathHook> pruning_path;
};

std::span<const LearnerInfo> learners();
const LearnerInfo& find_learner(const std::string& name);  // throws ParamError listing the methods

}  // namespace treelab
