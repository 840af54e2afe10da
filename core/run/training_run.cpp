#include "core/run/training_run.h"

#include <chrono>

#include <tbb/parallel_invoke.h>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/run/memory_budget.h"

namespace treelab {

RunCard make_run_card(const RunConfig& config, const PreparedData& data) {
    RunCard card;
    card.method = config.method;
    card.params = config.params.canonical();
    card.seed = config.seed;
    card.data_file = config.data_file.filename().string();
    card.data_sha256 = data.data_sha256.valid() ? data.data_sha256.get() : std::string();
    card.data_delimiter = csv_delimiter_text(data.table.format.delimiter);
    card.data_decimal = std::string(1, data.table.format.decimal);
    card.data_encoding = data.table.format.encoding;
    card.data_reading = reading_card_text(config.reading);
    card.data_columns = columns_card_text(data.pipeline, config);
    card.split = to_text(config.split.train) + "," + to_text(config.split.valid) + "," + to_text(config.split.test);
    card.split_mode = to_string(config.split_mode);
    card.scaling = scaling_card_text(config);
    card.command_line = equivalent_command(config);
    card.treelab_version = TREELAB_VERSION;
    return card;
}

RunOutcome run_training(const RunConfig& config, const Progress& progress) {
    check_run_config(config);  // before reading the file
    auto data = std::make_shared<const PreparedData>(prepare_data(config));
    RunOutcome outcome = run_training(*data, config, progress);
    outcome.data = std::move(data);
    return outcome;
}

RunOutcome run_training(const PreparedData& data, const RunConfig& config, const Progress& progress) {
    const LearnerInfo& learner = find_learner(config.method);
    check_run_config(config);
    // The training rows themselves when nothing is stacked onto them, rather than a copy.
    const bool train_alone = config.fit_on == FitOn::Train && data.synthetic.rows() == 0;
    const Dataset stacked = train_alone ? Dataset{} : data.fit_rows(config.fit_on);
    const Dataset& fit = train_alone ? data.train : stacked;
    const TrainInput input{fit, data.valid.rows() > 0 ? &data.valid : nullptr, config.params, resolved_learner_seed(config)};
    check_memory(memory_estimate(learner, data_shape(input), config.params));  // before the learner allocates

    const auto start = std::chrono::steady_clock::now();
    TrainResult result = learner.train(input, progress);
    const auto stop = std::chrono::steady_clock::now();

    RunOutcome outcome;
    outcome.train_seconds = std::chrono::duration<double>(stop - start).count();
    outcome.stopped_early = result.stopped_early;
    outcome.diverged = result.diverged;
    outcome.history = std::move(result.history);
    outcome.model.tree = std::move(result.model);
    outcome.model.pipeline = data.pipeline;
    outcome.model.target = data.target;
    outcome.model.card = make_run_card(config, data);
    outcome.train_rows = data.train.rows();
    outcome.valid_rows = data.valid.rows();
    outcome.test_rows = data.test.rows();
    outcome.fit_rows = fit.rows();
    outcome.starts = std::move(result.starts);
    outcome.chosen_start = result.best_start;
    outcome.chosen_epoch = result.best_epoch;
    score_model(outcome, data);
    return outcome;
}

void score_model(RunOutcome& outcome, const PreparedData& data) {
    const TreeModel& tree = outcome.model.tree;
    outcome.test_predictions.resize(0);
    outcome.test_probabilities.resize(0, 0);
    const auto predict_test = [&] {
        if (tree.routing_predictor && !tree.routing_predictor->predicts_target()) return;
        if (tree.task == Task::Classification) {
            outcome.test_probabilities = tree.predict_proba(data.test.X);
            outcome.test_predictions = most_probable_class(outcome.test_probabilities);  // TreeModel::predict, routed once
        } else {
            outcome.test_predictions = tree.predict(data.test.X);
        }
    };
    // Four independent passes over the rows, side by side (each computed as it would be alone).
    tbb::parallel_invoke([&] { outcome.train_scores = evaluate(tree, data.train); },
                         [&] { outcome.valid_scores = evaluate(tree, data.valid); },
                         [&] { outcome.test_scores = evaluate(tree, data.test); }, predict_test);
}

void add_pruning_curve(RunOutcome& outcome) {
    const LearnerInfo& learner = find_learner(outcome.model.card.method);
    if (learner.pruning_path && outcome.data)
        outcome.pruning_curve = pruning_path_curve(*learner.pruning_path, outcome.model.tree, *outcome.data);
}

}  // namespace treelab
