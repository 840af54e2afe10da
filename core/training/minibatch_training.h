#pragma once
// The minibatch loop every gradient learner shares (LatentTrees now; GradTree, DGT, GET later):
// seeded shuffling, optimizer steps (core/optim), early stopping on the validation loss and
// ReduceLROnPlateau, as in the LatentTrees scripts (reference_implementations.md §1.6).
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/training/progress.h"
#include "core/optim/optimizer.h"

namespace treelab {

struct TrainingSettings {
    int max_epochs = 100;
    double learning_rate = 1e-3;     // one parameter group over the whole vector
    int batch_size = 8;
    int patience = 20;               // stop after this many epochs without improvement; 0 = never
    double plateau_factor = 0.1;     // ReduceLROnPlateau on the monitored loss; 0 = off
    int plateau_patience = 2;
    std::uint32_t seed = 0;          // batch shuffling (std::mt19937, numpy's shuffle)
    double heartbeat_seconds = 0.1;  // least time between in-epoch heartbeats (see train_minibatch)
};

// What a gradient learner exposes to the loop: a flat parameter vector and batch losses.
struct GradientProblem {
    Eigen::Index train_rows = 0;
    // Mean loss over `rows` (indices into the training set) plus the learner's regulariser; writes
    // the gradient w.r.t. `parameters` into `gradient` (already sized like `parameters`).
    std::function<double(const Eigen::VectorXd& parameters, std::span<const Eigen::Index> rows,
                         Eigen::VectorXd& gradient)>
        batch_loss;
    // Loss on the validation split (lower is better); empty = no validation: early stopping and the
    // plateau schedule then watch the epoch's mean training loss.
    std::function<double(const Eigen::VectorXd& parameters)> validation_loss;
    // Optional (train_metric, valid_metric) for the report, e.g. accuracy; may be empty.
    std::function<std::pair<double, double>(const Eigen::VectorXd& parameters)> metrics;
    // Optional: nodes the learner's pruning keeps active for these parameters (EpochReport::active_nodes).
    std::function<int(const Eigen::VectorXd& parameters)> active_nodes;
    // Optional: the tree as it stands for these parameters (EpochReport::snapshot), so a GUI can
    // watch nodes empty out as pruning bites. Asked after epoch 1 and every snapshot_every-th epoch
    // (0 = never); learners leave it empty when building the tree would cost too much per epoch.
    std::function<TreeModel(const Eigen::VectorXd& parameters)> snapshot;
    int snapshot_every = 1;
};

struct TrainingOutcome {
    Eigen::VectorXd best_parameters;  // of the best monitored loss; the initial ones if best_epoch == 0
    int best_epoch = 0;               // 1-based; 0 = no epoch finished with a finite loss
    int epochs_run = 0;               // epochs finished
    bool cancelled = false;           // progress returned false
    bool diverged = false;            // a loss or gradient was not finite
    std::vector<EpochReport> history; // one report per finished epoch (no heartbeats)
};

// Runs up to max_epochs epochs. Each epoch shuffles the training rows, steps the optimiser once per
// batch of batch_size rows (the last batch may be smaller), then evaluates the validation loss and
// metrics and calls `progress` with {epoch (1-based), total = max_epochs, train_loss = mean batch
// loss weighted by batch size, valid_loss, train_metric, valid_metric, active_nodes (-1 without the
// problem's active_nodes), snapshot (the problem's snapshot on its cadence, else nullptr; it lives
// until the next report)}; values not computed are NaN. The history keeps no snapshots. The monitored loss (validation, else training) improves when it is <= the
// best so far (as the LatentTrees scripts count it); the run stops after `patience` epochs without
// improvement.
//
// Cancellation (conventions §5): returning false from `progress` stops at once. So that a long
// epoch can be cancelled too, `progress` is also called within an epoch, at most once per
// heartbeat_seconds, with a heartbeat report (EpochReport::heartbeat): epoch = the epoch in
// progress, total = max_epochs, train_loss = the mean batch loss so far, other values NaN. Answering a heartbeat with false
// cancels too; the unfinished epoch is discarded.
//
// A non-finite batch loss, gradient or validation loss stops the run with diverged = true; the best
// parameters so far are kept (the learner turns "diverged with best_epoch == 0" into a TrainingError).
// Throws TrainingError when there are no training rows and ParamError for invalid settings.
TrainingOutcome train_minibatch(const GradientProblem& problem, Eigen::VectorXd initial_parameters,
                                const OptimizerSettings& optimizer, const TrainingSettings& settings,
                                const Progress& progress);

}  // namespace treelab
