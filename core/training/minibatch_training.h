#pragma once
// The minibatch loop every gradient learner shares: seeded shuffling (or full batches), optimizer
// steps over parameter groups with a learning-rate schedule, early stopping, the best parameters
// kept, restarts and multi-start (training_settings.h, gradient_problem.h).
#include "core/training/gradient_problem.h"
#include "core/training/training_settings.h"

namespace treelab {

// Runs 1 + restarts starts. Each start takes the problem's initial parameters for it, a new
// optimizer and schedule, and up to max_epochs epochs. An epoch calls the problem's epoch-start
// hook, shuffles the training rows (numpy's shuffle seeded with the run's seed, one stream over the
// whole run; see the parallel starts below) and steps once
// per batch of batch_size rows gathered into buffers allocated once (the last batch may be
// smaller); in full-batch mode it takes one step on the whole training set, in order, without
// copying it. Then it evaluates and calls `progress` with {epoch (1-based), total = max_epochs,
// step, start, starts, train_loss = mean batch loss weighted by batch size, valid_loss, metrics,
// active_nodes, snapshot on its cadence}; values not computed are NaN (active_nodes -1).
//
// The selection loss (gradient_problem.h) improves when it is <= the start's best so far; a start
// ends after `patience` epochs without improvement. The run keeps the parameters of the lowest
// selection loss over every start (ties: the earlier start).
//
// Cancellation: returning false from `progress` stops the run at once. So that a
// long epoch can be cancelled too, `progress` is also called within an epoch, at most once per
// heartbeat_seconds, with a heartbeat report (EpochReport::heartbeat: epoch in progress, step,
// start, train_loss so far, other values NaN). The unfinished epoch is discarded.
//
// Parallel starts: when the problem gives start_problem, starts run in parallel on the TBB pool
// (the enclosing task_arena's threads, tbb::global_control's limit), start k on start_problem(k).
// Each start then shuffles with a stream of its own: start 0 numpy's seeded with the run's seed (so a
// run of one start is the same either way), start k > 0 one seeded with the first word of
// std::seed_seq{seed, k}. The outcome is the same for any thread count: reports are serialised
// (one call of `progress` at a time, from the start's worker; reports of different starts
// interleave, each naming its start), a stop answered to any report ends every start, the history
// lists the starts in order, and the best start is chosen as above. Start 0 always begins; a start
// not begun when the run is cancelled is left out of TrainingOutcome::starts.
//
// A non-finite batch loss, gradient or selection loss ends that start with diverged = true; its best
// parameters so far still compete (the learner turns "diverged with best_epoch == 0" into a
// TrainingError). Throws TrainingError when there are no training rows and ParamError for invalid
// settings.
TrainingOutcome train_minibatch(const GradientProblem& problem, const TrainingSettings& settings, const Progress& progress);

}  // namespace treelab
