#pragma once
// A GradTree run's settings resolved from its hyperparameters (gradtree_hyperparameters.cpp) against
// the training set: the "auto" values of the paper's default setting (001 App. B.2) depend on binary vs multi-class.
#include "core/data/dataset.h"
#include "core/learners/depth_search.h"
#include "core/learners/gradtree/gradtree_parameter_layout.h"
#include "core/params/param_spec.h"
#include "core/training/training_settings.h"

namespace treelab::gradtree {

constexpr int kAutoDepth = 0;  // Spec::depth of `depth=auto`, until depth_search() chooses one

// patience=auto: epochs of about kPatienceSteps optimizer steps, within [kLeastPatience, 200].
constexpr long long kPatienceSteps = 400, kLeastPatience = 20;

constexpr double kPlateauFactor = 0.2;  // schedule=plateau: the rates' factor after a stall

// depth=auto: the depths tried on the validation rows (depth_search.h).
DepthSearch depth_search();

struct Settings {
    Spec spec;
    TrainingSettings training;  // Adam with TF-style ε (001 App. A); the rates are the groups'
    double lr_index = 0.05, lr_values = 0.01, lr_leaf = 0.005;
    bool prune = true;  // 001 §4.1
    // Regression targets are standardised for training and the leaves mapped back on export, as the
    // paper code's commit 5071899 intends (s-marton/GradTree GradTree/GradTree.py, "Bugfix (regression + LOO)").
    double target_mean = 0.0, target_scale = 1.0;
};

// Throws ParamError for a loss that does not fit the target or a non-integer batch_size/restarts.
Settings resolve_settings(const ParamValues& params, const Dataset& train);

}  // namespace treelab::gradtree
