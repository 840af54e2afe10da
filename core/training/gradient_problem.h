#pragma once
// What a gradient learner gives the shared loops (minibatch_training.h, online_training.h): its
// training rows, parameter groups, initial parameters per start, and batch losses with gradients.
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/model/tree_model.h"
#include "core/optim/learning_rate_schedule.h"
#include "core/optim/parameter_group.h"
#include "core/training/progress.h"

namespace treelab {

// Where the loop stands when it asks the learner for a batch loss or starts an epoch.
struct StepContext {
    int epoch = 0;        // 1-based (online loop: the evaluation period in progress)
    long long step = 0;   // optimizer steps taken so far in this start
    int start = 0;        // 0-based start (restarts, multi-start)
    std::mt19937_64* rng = nullptr;  // the learner's own random stream for this start (e.g. bandit actions)
};

// One batch: views of the gathered rows (buffers allocated once per run) or, in full-batch mode,
// of the whole training set; `rows` are their indices in the training set, in batch order.
struct Batch {
    Eigen::Ref<const Eigen::MatrixXd> inputs, targets;
    std::span<const Eigen::Index> rows;
};

struct GradientProblem {
    const Eigen::MatrixXd* inputs = nullptr;   // training rows × features the learner reads
    const Eigen::MatrixXd* targets = nullptr;  // training rows × target columns
    // Spans of the parameter vector with their own rates (GradTree: indices, thresholds, leaves);
    // empty = one group over the whole vector at TrainingSettings::learning_rate.
    std::vector<ParameterGroup> groups;
    // Parameters for a start (0 = the first); a restart re-initialises and recreates the optimizer.
    std::function<Eigen::VectorXd(int start)> initial_parameters;
    // Mean loss over the batch plus the learner's regulariser; writes the gradient w.r.t.
    // `parameters` into `gradient` (already sized like `parameters`).
    std::function<double(const Eigen::VectorXd& parameters, const Batch& batch, const StepContext& context,
                         Eigen::VectorXd& gradient)>
        batch_loss;
    // Optional: float32 storage. When given, the loops keep the parameters, the gradient and the
    // optimizer's state in float32 (half the memory traffic of a step: DGT's 10⁶–10⁸ chain weights)
    // and call this in place of batch_loss; every other callback and the outcome get the parameters
    // in double, converted once per evaluation. The gradient's norm (clipping) is summed in double.
    // Not with on_epoch_start, which changes the parameters in double.
    std::function<double(const Eigen::VectorXf& parameters, const Batch& batch, const StepContext& context, Eigen::VectorXf& gradient)>
        batch_loss_float32;
    // Optional: called before each epoch's first step; may change the parameters (GET moves to its
    // next scale-factor stage and warm-starts from the stage's best tree). Returning a schedule
    // begins a new stage: the optimizer is created afresh (no moments, step count 0) and this
    // schedule starts on it, as GET trains each stage with its own AdamW and warm-up + cosine
    // (maoqiangqiang/GET GET/GET_IterAlp.py).
    std::function<std::optional<ScheduleSettings>(const StepContext& context, Eigen::VectorXd& parameters)> on_epoch_start;
    // Optional: asked after each epoch's report; true ends the start there (GET: its last
    // scale-factor stage has stopped improving).
    std::function<bool(const StepContext& context)> start_finished;
    // Optional: how many loss queries the batch loss just computed made (bandit feedback: the
    // answers of its loss oracle); the loops add them up into EpochReport::loss_queries.
    std::function<long long()> loss_queries;
    // Loss on the validation split; empty = no validation split.
    std::function<double(const Eigen::VectorXd& parameters)> validation_loss;
    // The loss early stopping, the plateau schedule and the choice of the best epoch and start
    // watch (lower is better). Empty = the validation loss if there is one, else the epoch's mean
    // training loss. GET watches its hard tree's training objective.
    std::function<double(const Eigen::VectorXd& parameters)> selection_loss;
    // Keep the last evaluation's parameters instead of those of the lowest selection loss (and so
    // never stop on patience): a learner that sees no labels cannot choose by a validation loss, and
    // 003 Algorithm 1 returns its last parameters.
    bool keep_last = false;
    // Optional (train_metric, valid_metric), named by `metric` (a Scores key, e.g. "accuracy").
    std::function<std::pair<double, double>(const Eigen::VectorXd& parameters)> metrics;
    std::string_view metric;
    // Optional: nodes the learner's pruning keeps active for these parameters (EpochReport::active_nodes).
    std::function<int(const Eigen::VectorXd& parameters)> active_nodes;
    // Optional: the tree as it stands (EpochReport::snapshot), asked after epoch 1, every
    // snapshot_every-th epoch and the last one the run plans (0 = never).
    std::function<TreeModel(const Eigen::VectorXd& parameters)> snapshot;
    int snapshot_every = 1;
    // Optional: the value of the learner's own schedule in the epoch being reported
    // (EpochReport::schedule_value), named by schedule_name; GET reports its scale factor α.
    std::function<double()> schedule_value;
    std::string_view schedule_name = {};
    // Evaluate each epoch (selection loss, metrics, snapshot, the best parameters) on the parameters
    // its last batch loss was computed at, before that step, instead of after it: GET's code scores
    // the hard tree before each step (its CalMSEonEpochEnd callback), so a stage's first
    // evaluation is its starting tree, and the learner may reuse what the batch loss computed.
    bool evaluate_before_step = false;
    // Optional: when given, starts run in parallel (train_minibatch), start k on the problem this
    // returns for k, whose callbacks touch only that start's own state (caches, buffers, GET's stage
    // state) and read-only shared data. It is called once per start, on the worker that runs the
    // start, possibly while other starts run or are being made: it must itself only read shared
    // data. The returned problem's own start_problem is ignored. Each start then shuffles with its
    // own stream (minibatch_training.h), so results do not depend on the thread count.
    std::function<GradientProblem(int start)> start_problem;
};

// One start's best as the loop leaves it; the learner exports its tree only at the end of the run
// (training_result.h), never per epoch.
struct StartOutcome {
    Eigen::VectorXd best_parameters;  // the start's initial parameters when it finished no epoch
    int best_epoch = 0;               // 1-based epoch of best_parameters; 0 = none finished
    double selection_loss = std::numeric_limits<double>::infinity();  // its best selection loss
};

struct TrainingOutcome {
    Eigen::VectorXd best_parameters;  // of the best selection loss over every start
    int best_epoch = 0;               // 1-based epoch of best_parameters in its start; 0 = none finished
    int best_start = 0;               // the start best_parameters come from
    int epochs_run = 0;               // epochs (online: evaluations) finished, over every start
    bool cancelled = false;           // progress returned false
    bool diverged = false;            // some start hit a non-finite loss or gradient and ended there
    std::vector<EpochReport> history; // one report per finished epoch of every start (no heartbeats, no snapshots)
    std::vector<StartOutcome> starts; // every start begun, in order (a stop leaves the later ones out)
};

}  // namespace treelab
