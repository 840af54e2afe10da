#pragma once
// CART hyperparameters resolved against a training set (cart_hyperparameters.cpp describes them).
#include "core/data/dataset.h"
#include "core/params/param_spec.h"

namespace treelab::cart {

enum class Criterion { Gini, Entropy, SquaredError };

struct Settings {
    Criterion criterion = Criterion::Gini;
    int max_depth = 0;  // 0 = no limit
    int min_samples_split = 2;
    int min_samples_leaf = 1;
    double min_impurity_decrease = 0.0;
    int max_features = 0;  // features drawn per node, 1..n_features
};

// Throws ParamError when the criterion does not fit the task.
Settings resolve_settings(const ParamValues& params, const Dataset& train);

}  // namespace treelab::cart
