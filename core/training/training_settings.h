#pragma once
// How a gradient learner is trained: loop, optimizer, schedule, stopping, restarts. Filled from the
// shared training hyperparameters (training_params.h) and the learner's own choices.
#include <cstdint>

#include "core/optim/learning_rate_schedule.h"
#include "core/optim/optimizer.h"

namespace treelab {

struct TrainingSettings {
    int max_epochs = 100;
    int batch_size = 8;
    bool full_batch = false;         // every step sees the whole training set, in order, without copies
    int patience = 20;               // stop after this many epochs without improvement; 0 = never
    int restarts = 0;                // further starts from new initial parameters; the best start is kept
    double clip_norm = 0.0;          // clip the gradient's 2-norm to this before each step; 0 = off
    std::uint32_t seed = 0;          // batch shuffling (numpy's shuffle) and the learner's random stream
    double heartbeat_seconds = 0.1;  // least time between in-epoch heartbeats
    OptimizerSettings optimizer;
    ScheduleSettings schedule;
    double learning_rate = 1e-3;     // of the single group, when the problem names no groups
};

// The online loop (train_online): one row or a small batch per round, for bandit feedback (003).
struct OnlineSettings {
    long long rounds = 1000;         // budget of rounds (= optimizer steps)
    int rows_per_round = 1;
    long long evaluate_every = 100;  // rounds between evaluations (each one is a report)
    int patience = 0;                // evaluations without improvement before stopping; 0 = never
    double clip_norm = 0.0;
    std::uint32_t seed = 0;          // the row stream (shuffled passes) and the learner's random stream
    double heartbeat_seconds = 0.1;
    OptimizerSettings optimizer;
    ScheduleSettings schedule;
    double learning_rate = 1e-3;
};

}  // namespace treelab
