#pragma once
// The LatentTrees hyperparameters resolved against a training set (latent_hyperparameters.cpp), and the
// conversion of trained parameters into the shared TreeModel (latent_export.cpp).
#include <vector>

#include "core/data/dataset.h"
#include "core/learners/latent/latent_tree.h"
#include "core/model/tree_model.h"
#include "core/params/param_spec.h"
#include "core/training/training_settings.h"

namespace treelab::latent {

enum class Mode { Classification, Regression, SelfSupervised };

struct Settings {
    Mode mode = Mode::Classification;
    Spec spec;                        // inputs/outputs sized for the training set
    std::vector<int> input_columns;   // columns of X the model reads
    std::vector<int> output_columns;  // self-supervised: the regressed columns (000 §4.2)
    // Regression: the model learns (y - target_mean) / target_scale, as the reference's
    // normalize_target (vzantedeschi/LatentTrees tabular_regression.py); export folds both into f_φ.
    double target_mean = 0.0, target_scale = 1.0;
    TrainingSettings training;  // optimizer and schedule included
};

// Throws ParamError for a task the target cannot serve or an unknown regressed feature name.
Settings resolve_settings(const ParamValues& params, const Dataset& train);

// The learner's view of a dataset: input columns and targets (class indices, values, or the
// regressed columns).
Eigen::MatrixXd model_inputs(const Settings& settings, const Dataset& data);
Eigen::MatrixXd model_targets(const Settings& settings, const Dataset& data);

// The returned tree (a TreeLab choice: the reference solves a per batch): a = T_η(q) solved once on the whole
// training set; nodes with a_t == 0 pruned; hard routing counts of the training rows.
TreeModel export_tree(const Settings& settings, const Eigen::VectorXd& parameters, const Dataset& train);

}  // namespace treelab::latent
