#pragma once
// What a training run reports while it runs and returns at its end. Shared by
// every learner and every loop; the learner interface (learners/learner.h) builds on it.
#include <functional>
#include <limits>
#include <string_view>
#include <vector>

#include "core/model/tree_model.h"

namespace treelab {

struct EpochReport {
    int epoch = 0;          // iterative learners: epoch (online loop: evaluation); CART: nodes built so far
    int total = 0;          // expected number of epochs/evaluations, 0 if unknown
    long long step = 0;     // optimizer steps (online loop: rounds) so far in this start
    // Loss queries so far in this start, for a learner that learns from the loss of its own
    // predictions alone (DGT's bandit feedback: 003 §5.3 plots held-out accuracy against them);
    // -1 = the learner does not count them.
    long long loss_queries = -1;
    int start = 0;          // restarts and multi-start: which start (0-based) this report belongs to
    int starts = 1;         // how many starts the run makes
    double train_loss = 0.0, valid_loss = 0.0, train_metric = 0.0, valid_metric = 0.0;
    // What train_metric and valid_metric hold, as a Scores key ("accuracy", "r2",
    // "dendrogram_purity"); empty = no metric.
    std::string_view metric;
    int active_nodes = -1;  // learners that prune: nodes still active (pruning solved on the training rows); -1 = n/a
    const TreeModel* snapshot = nullptr;  // may be null; valid during the call only
    // A mid-epoch report (only epoch, step, start and train_loss so far are meaningful) that lets a
    // long epoch be cancelled within a moment; receivers that plot or record epochs skip it.
    bool heartbeat = false;
    // The value the learner's own schedule holds during this epoch, named by schedule_name (GET:
    // its scale factor α, which changes by stage and start); NaN = the learner has no such schedule.
    double schedule_value = std::numeric_limits<double>::quiet_NaN();
    std::string_view schedule_name = {};
    // On heartbeats of a phase the learner runs before the fit it reports (GET's depth search:
    // "choosing the depth on the validation rows: depth 3 (trying 1 to 8)"), what that phase is doing; epoch and total are then the
    // phase's current fit's. Empty otherwise.
    std::string_view phase = {};
};
using Progress = std::function<bool(const EpochReport&)>;  // return false = stop now

// One start of a run with restarts or multi-start, as a tree of its own: what lets a user keep
// another start's tree than the one the run chose (core/run/start_pick.h).
struct StartResult {
    TreeModel model;     // the start's best parameters, exported as the run's model is
    int best_epoch = 0;  // 1-based epoch of that tree in its start; 0 = it finished no epoch (its initial parameters)
    double selection_loss = std::numeric_limits<double>::infinity();  // what chose the run's start; lower is better
    // The training and validation metric of best_epoch's report (the history's metric); NaN when
    // none was reported.
    double train_metric = std::numeric_limits<double>::quiet_NaN();
    double valid_metric = std::numeric_limits<double>::quiet_NaN();
};

struct TrainResult {
    TreeModel model;
    bool stopped_early = false;      // the progress callback asked to stop
    bool diverged = false;           // a loss went non-finite; `model` is the best one before it
    std::vector<EpochReport> history;
    // Every start the run began, in order (gradient learners, even with a single start); `model`
    // may be none of them (a learner's fallback or post-processing). Empty for learners without starts.
    std::vector<StartResult> starts;
    // Where `model` comes from: the start (0-based) and 1-based epoch whose parameters the run
    // chose; best_epoch 0 = no trained epoch (a learner without epochs, or its initial parameters).
    int best_start = 0;
    int best_epoch = 0;
};

}  // namespace treelab
