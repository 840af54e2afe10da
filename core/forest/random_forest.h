#pragma once
// The random-forest reference (Breiman 2001) with scikit-learn 1.2.1's RandomForestClassifier /
// RandomForestRegressor semantics (sklearn/ensemble/_forest.py): for the same random_state it
// grows the same trees and gives the same predictions. Not a learner of the registry: a
// reference row that comparisons set beside the trees.
//
// Seeds: RandomState(seed).randint(2^31 - 1, size=n_estimators) gives each tree's seed; with
// bootstrap, a tree draws RandomState(tree_seed).randint(0, n, n), and the draw counts become
// the tree's row weights (rows drawn no time are left out); the tree's splitter is seeded with the
// tree seed as a lone CART's is (core/learners/cart/sklearn_rng.h).
#include <cstdint>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/model/tree_model.h"
#include "core/params/param_spec.h"
#include "core/training/progress.h"

namespace treelab {

// n_estimators, criterion, max_depth, min_samples_split, min_samples_leaf, max_features,
// bootstrap; defaults as sklearn's (max_features "auto": sqrt for classification, all features
// for regression).
std::span<const ParamSpec> forest_params();

struct RandomForest {
    Task task = Task::Classification;
    int classes = 0;  // classification: the training set's class count
    // In sklearn's estimator order. A tree's nodes hold bootstrap-weighted statistics: `samples`
    // and `class_counts` count draws (sklearn's weighted_n_node_samples and value).
    std::vector<TreeModel> trees;
    bool stopped = false;  // the progress callback asked to stop: `trees` is a prefix of the forest
};

// Grows the trees on every core (oneTBB), the same forest whatever the thread count. Progress is
// called (from one thread at a time) after each finished tree with epoch = trees finished and
// total = n_estimators; returning false stops the trees not started yet.
// Throws ParamError for parameters that do not fit the task, TrainingError for an empty set.
RandomForest train_random_forest(const Dataset& train, const ParamValues& params, std::uint32_t seed,
                                 const Progress& progress = {});

// rows × classes: the mean of the trees' leaf class distributions (sklearn predict_proba).
Eigen::MatrixXd predict_proba(const RandomForest& forest, const Eigen::Ref<const Eigen::MatrixXd>& X);
// Class index (argmax of predict_proba, lowest on ties) or the mean of the trees' leaf values.
Eigen::VectorXd predict(const RandomForest& forest, const Eigen::Ref<const Eigen::MatrixXd>& X);

}  // namespace treelab
