#pragma once
// A GradTree run's settings resolved from its hyperparameters (gradtree_hyperparameters.cpp) against
// the training set: the "auto" values of gradtree.md §6.1 depend on binary vs multi-class.
#include "core/data/dataset.h"
#include "core/learners/gradtree/gradtree_parameter_layout.h"
#include "core/params/param_spec.h"
#include "core/training/training_settings.h"

namespace treelab::gradtree {

struct Settings {
    Spec spec;
    TrainingSettings training;  // Adam with TF-style ε (gradtree.md §6); the rates are the groups'
    double lr_index = 0.05, lr_values = 0.01, lr_leaf = 0.005;
    bool prune = true;  // gradtree.md §7
    // Regression targets are standardised for training and the leaves mapped back on export, as the
    // paper code's commit 5071899 intends (reference_implementations.md §2.3).
    double target_mean = 0.0, target_scale = 1.0;
};

// Throws ParamError for a loss that does not fit the target or a non-integer batch_size/restarts.
Settings resolve_settings(const ParamValues& params, const Dataset& train);

}  // namespace treelab::gradtree
