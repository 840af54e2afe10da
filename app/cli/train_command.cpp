#include <iostream>
#include <memory>
#include <optional>

#include "app/cli/commands.h"
#include "app/cli/comparison_report.h"
#include "app/cli/interrupt_signal.h"
#include "app/cli/progress_option.h"
#include "app/cli/report.h"
#include "app/cli/run_options.h"
#include "app/cli/thread_option.h"
#include "core/compare/comparison.h"
#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/model/model_file.h"
#include "core/run/start_pick.h"
#include "core/run/training_run.h"
#include "core/training/history_csv.h"

namespace treelab::cli {
namespace {

struct TrainOptions {
    RunOptions run;
    std::string model_out;
    std::string history;  // the training curve as CSV (core/training/history_csv.h)
    bool json = false;
    std::optional<int> start;  // 1-based: keep this start's tree instead of the run's choice
    std::string cv;            // resampling (parse_resampling); empty = one run on the split
    int threads = 0;           // --threads; 0 = every core
    bool progress = false;     // --progress
};

// train --cv: the method on every fold (the comparison engine with one method and one data set),
// per-fold and mean ± std scores; --model-out saves the refit on every row.
void cross_validate(const TrainOptions& options, const RunConfig& config) {
    if (options.json || options.start || !options.history.empty())
        throw ParamError("--cv prints per-fold scores; it does not combine with --json, --start or --history");
    ComparisonConfig comparison;
    comparison.data_sets = {config};
    comparison.contenders = {Contender{config.method, config.params, {}}};
    comparison.resampling = parse_resampling(options.cv);
    comparison.resampling.holdout = config.split;
    comparison.resampling.holdout_mode = config.split_mode;
    comparison.seed = resolved_split_seed(config);
    const ComparisonResult result = run_comparison(comparison, cell_progress(options.progress, "fold"));
    std::cout << config.method << " on " << config.data_file.filename().string() << ", " << resampling_text(comparison.resampling)
              << " cross-validation (seed " << comparison.seed << ")\n";
    if (!result.data_sets.front().fold_warning.empty()) std::cout << "warning: " << result.data_sets.front().fold_warning << '\n';
    print_folds(std::cout, result);
    if (result.stopped)
        throw Interrupted("the " + std::to_string(result.cells.size()) + " folds finished are printed above" +
                          (options.model_out.empty() ? "" : "; no model was refitted, so " + options.model_out + " was not written"));
    if (options.model_out.empty()) return;
    const RunOutcome refitted = refit(comparison, 0, 0, epoch_progress(options.progress));
    save_model(refitted.model, options.model_out);
    std::cout << "model saved to " << options.model_out << ": refitted on all " << refitted.train_rows + refitted.valid_rows
              << " rows (" << refitted.valid_rows << " of them for early stopping); the scores above are the folds'\n";
    if (InterruptSignal::requested())
        throw Interrupted("the refit on all rows stopped; wrote its best model so far to " + options.model_out);
}

void print_summary(const RunConfig& config, const RunOutcome& outcome) {
    const ModelFile& model = outcome.model;
    std::cout << config.method << " on " << config.data_file.filename().string() << ": target "
              << model.target.column << " (" << to_string(model.target.task);
    if (model.target.task == Task::Classification) std::cout << ", " << model.target.class_names.size() << " classes";
    std::cout << "), " << model.tree.features() << " features\n";
    std::cout << "rows: train " << outcome.train_rows << ", valid " << outcome.valid_rows << ", test " << outcome.test_rows
              << " (fit on " << to_string(config.fit_on) << ", " << outcome.fit_rows << " rows; scaling "
              << model.card.scaling << ")\n";
    if (!model.card.data_columns.empty()) {
        std::cout << "columns:\n";
        std::string notes = model.card.data_columns;
        for (std::size_t at = 0; (at = notes.find("; ", at)) != std::string::npos;) notes.replace(at, 2, "\n  ");
        std::cout << "  " << notes << '\n';
        if (!model.pipeline.left_out.empty())
            std::cout << "  (--encode 'COLUMN=ordinal', =loo or =onehot takes a left-out column in)\n";
    }
    print_tree_line(std::cout, model.tree.stats());
    print_scores_table(std::cout, {{"train", &outcome.train_scores}, {"valid", &outcome.valid_scores},
                                   {"test", &outcome.test_scores}});
    std::cout << "trained in " << outcome.train_seconds << " s" << (outcome.stopped_early ? " (stopped early)" : "")
              << '\n';
    if (outcome.picked)
        std::cout << "kept the tree of start " << outcome.picked->start + 1 << " of " << outcome.starts.size()
                  << " (--start), not the run's choice\n";
}

void print_history_line(const std::vector<EpochReport>& history, const std::string& file) {
    std::cout << "history saved to " << file;
    if (history.empty())
        std::cout << " (header only: no epochs)\n";
    else
        std::cout << " (" << history.size() << " rows)\n";
}

nlohmann::json summary_json(const RunConfig& config, const RunOutcome& outcome) {
    nlohmann::json summary = {{"method", config.method},
            {"params", config.params.canonical()},
            {"seed", config.seed},
            {"split_seed", resolved_split_seed(config)},
            {"learner_seed", resolved_learner_seed(config)},
            {"task", to_string(outcome.model.target.task)},
            {"data", config.data_file.string()},
            {"target", outcome.model.target.column},
            {"fit_on", to_string(config.fit_on)},
            {"scaling", outcome.model.card.scaling},
            {"n_rows", {{"train", outcome.train_rows}, {"valid", outcome.valid_rows}, {"test", outcome.test_rows}}},
            {"metrics",
             {{"train", scores_json(outcome.train_scores)},
              {"valid", scores_json(outcome.valid_scores)},
              {"test", scores_json(outcome.test_scores)}}},
            {"tree", tree_json(outcome.model.tree.stats())},
            {"train_seconds", outcome.train_seconds},
            {"stopped_early", outcome.stopped_early}};
    if (outcome.picked) summary["start"] = outcome.picked->start + 1;
    return summary;
}

// What an interrupted run kept, for the message main prints.
std::string kept_after_interrupt(const RunOutcome& outcome, const TrainOptions& options) {
    std::string text = "training stopped";
    if (!outcome.history.empty()) {
        const EpochReport& last = outcome.history.back();
        text += " at epoch " + std::to_string(last.epoch) + (last.total > 0 ? " of " + std::to_string(last.total) : "");
    }
    text += options.model_out.empty() ? "; no --model-out, so no model was written"
                                      : "; wrote the best model so far to " + options.model_out;
    if (!options.history.empty()) text += " and its training curve to " + options.history;
    return text;
}

}  // namespace

void add_train_command(CLI::App& app) {
    auto options = std::make_shared<TrainOptions>();
    CLI::App* command = app.add_subcommand("train", "train a tree, print its scores, optionally save it");
    options->run.bind(*command, "--param");
    command->add_option("--model-out", options->model_out, "save the model (JSON) to this file");
    command->add_option("--history", options->history,
                        "save the training curve (CSV) to this file: one row per epoch, or per evaluation under "
                        "bandit feedback; a learner without epochs (cart) gives the header alone");
    command->add_flag("--json", options->json, "print one JSON object on stdout instead of the summary");
    command->add_option("--start", options->start,
                        "keep the tree of start K (1-based) of a learner that trains several starts, instead of the "
                        "run's choice; scores, --model-out and --json then describe it")
        ->check(CLI::PositiveNumber);
    command->add_option("--cv", options->cv,
                        "cross-validate instead of one split: K (stratified K-fold), KxR (repeated R times), loo "
                        "(leave-one-out) or holdout; prints per-fold and mean ± std scores, and --model-out saves the "
                        "tree refitted on all rows");
    add_threads_option(*command, options->threads);
    add_progress_flag(*command, options->progress);
    command->callback([options] {
        const InterruptSignal interrupt;
        const ThreadLimit limit(options->threads);
        const RunConfig config = options->run.to_config();
        for (const std::string& file : {options->model_out, options->history})
            if (!file.empty()) check_writable_destination(file);
        if (!options->cv.empty()) return cross_validate(*options, config);
        RunOutcome outcome = run_training(config, epoch_progress(options->progress));
        if (options->start) keep_start_tree(outcome, *options->start - 1);
        if (!options->model_out.empty()) save_model(outcome.model, options->model_out);
        if (!options->history.empty()) write_file_atomically(options->history, history_csv(outcome.history));
        if (options->json) {
            std::cout << summary_json(config, outcome).dump(2) << '\n';
        } else {
            print_summary(config, outcome);
            if (!options->model_out.empty()) std::cout << "model saved to " << options->model_out << '\n';
            if (!options->history.empty()) print_history_line(outcome.history, options->history);
        }
        if (InterruptSignal::requested()) throw Interrupted(kept_after_interrupt(outcome, *options));
    });
}

}  // namespace treelab::cli
