#pragma once
// A whole run: prepare the data, train the chosen learner, evaluate every split, fill the run card.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/learners/learner.h"
#include "core/model/model_file.h"
#include "core/run/evaluation.h"
#include "core/run/prepared_data.h"
#include "core/run/pruning_path_curve.h"
#include "core/run/run_config.h"

namespace treelab {

// A start's tree kept in place of the tree the run chose, and what to go back to.
struct PickedStart {
    int start = 0;            // 0-based, as TrainResult::starts
    TreeModel run_tree;       // the tree the run chose
    std::string run_command;  // its run card's command, without --start
};

// A tree recorded while the run trained (the Tree tab's slider): which start and epoch it is.
struct RecordedTree {
    int start = 0, starts = 1;  // 0-based, of how many
    int epoch = 0;              // 1-based within its start (online: evaluation)
    long long loss_queries = -1;  // loss queries so far in the start (bandit feedback); -1 = not counted
    std::shared_ptr<const TreeModel> tree;
};

struct RunOutcome {
    ModelFile model;
    Scores train_scores, valid_scores, test_scores;
    // The model's prediction for each test row (score_model), for the confusion matrix and the
    // scatter plot, so that showing a run predicts nothing on the GUI thread; empty for a tree that
    // predicts features (self-supervised) and for an outcome not scored by score_model.
    Eigen::VectorXd test_predictions;
    // Classification: the model's class probabilities for each test row (test rows × classes), for
    // the ROC and precision-recall curves; empty otherwise, as test_predictions.
    Eigen::MatrixXd test_probabilities;
    Eigen::Index train_rows = 0, valid_rows = 0, test_rows = 0, fit_rows = 0;
    bool stopped_early = false;
    bool diverged = false;  // the learner hit a non-finite loss; the model is the best one before it
    std::vector<EpochReport> history;
    double train_seconds = 0.0;  // wall time of the learner alone
    // The data the run used (table, encoding, split, preprocessed rows), for the views that route
    // rows through the model after the run (confusion matrix, routing shares).
    std::shared_ptr<const PreparedData> data;
    // The cost-complexity path curve (pruning_path_curve.h) of a learner with a pruning path, set by
    // add_pruning_curve (the GUI's worker does, so that showing the run costs its thread nothing);
    // empty when not computed.
    std::vector<PruningPathPoint> pruning_curve;
    // Every start's tree of a learner with starts (TrainResult::starts); empty for other learners.
    std::vector<StartResult> starts;
    // Set while `model` holds a start's tree in place of the run's choice (start_pick.h).
    std::optional<PickedStart> picked;
    // Where the run's own tree comes from (TrainResult::best_start, best_epoch); epoch 0 = not a
    // trained epoch (CART, a model file).
    int chosen_start = 0;
    int chosen_epoch = 0;
    // Trees recorded during training, in order, thinned per start (app/session/tree_timeline.h);
    // empty when nobody recorded them (the CLI, a model file, a learner without live trees).
    std::vector<RecordedTree> recorded_trees;
    // The recorded trees were dropped after training to bound a long session's memory (the
    // workbench keeps them for its last runs only); the model and its history are unchanged.
    bool recorded_trees_dropped = false;
};

RunOutcome run_training(const RunConfig& config, const Progress& progress = {});
RunOutcome run_training(const PreparedData& data, const RunConfig& config, const Progress& progress = {});

// Scores outcome.model.tree on the training, validation and test rows of `data`.
void score_model(RunOutcome& outcome, const PreparedData& data);

// Fills outcome.pruning_curve when the run's learner has a pruning path and the outcome its data.
void add_pruning_curve(RunOutcome& outcome);

// The run card of `config` on `data` (also used by sweeps).
RunCard make_run_card(const RunConfig& config, const PreparedData& data);

}  // namespace treelab
