#pragma once
// The online loop (DGT's bandit feedback, 003 §4): one row or a small batch per round, a budget of
// rounds, an evaluation every k rounds. It shares the optimizer, schedule, best-keeping, progress
// and cancellation of the minibatch loop (training_state.h).
#include "core/training/gradient_problem.h"
#include "core/training/training_settings.h"

namespace treelab {

// Rows arrive as a stream of shuffled passes over the training set (numpy's shuffle, seeded);
// each round takes the next rows_per_round rows (a pass's last rows may join the next pass's
// first) and takes one optimizer step. After every evaluate_every rounds, and after the last
// round, the loop evaluates and reports as the minibatch loop does after an epoch: epoch = the
// evaluation's number (1-based), total = the evaluations the budget allows, step = rounds so far,
// train_loss = the mean loss of the rounds since the previous evaluation. The parameters of the
// lowest selection loss at an evaluation are kept; `patience` evaluations without improvement end
// the run (0 = never). Heartbeats, cancellation and divergence as in train_minibatch.
TrainingOutcome train_online(const GradientProblem& problem, const OnlineSettings& settings, const Progress& progress);

}  // namespace treelab
