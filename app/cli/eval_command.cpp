#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/evaluation_details.h"
#include "app/cli/model_input.h"
#include "app/cli/report.h"
#include "app/cli/thread_option.h"
#include "core/run/evaluation.h"

namespace treelab::cli {

void add_eval_command(CLI::App& app) {
    struct Options {
        std::string model, data;
        CsvFormatOptions format;
        bool json = false;
        int threads = 0;  // --threads; 0 = every core
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("eval", "score a saved model on a labelled CSV file");
    command->add_option("--model", options->model, "model file (JSON) from `train --model-out`")->required();
    command->add_option("--data", options->data, "CSV file with the model's input columns and its target")->required();
    options->format.bind(*command);
    command->add_flag("--json", options->json, "print one JSON object");
    add_threads_option(*command, options->threads, "reading the data and scoring the model");
    command->callback([options] {
        const ThreadLimit limit(options->threads);
        const ModelInput input = load_model_input(options->model, options->data, options->format.to_csv_options());
        const Dataset data = labelled_rows(input);
        const TreeModel& tree = input.model.tree;
        const Scores scores = evaluate(tree, data);
        const TreeStats stats = tree.stats();
        // A clustering tree (its routing predictor regresses features) has no predictions of the target.
        const bool predicts_target = data.rows() > 0 && (!tree.routing_predictor || tree.routing_predictor->predicts_target());
        nlohmann::json details;
        if (predicts_target && data.task == Task::Classification) details = classification_details(data.y, tree.predict_proba(data.X), tree.class_names);
        if (predicts_target && data.task == Task::Regression) details = residual_summary(data.y, tree.predict(data.X));
        if (options->json) {
            nlohmann::json out = {{"method", input.model.card.method},
                                  {"task", to_string(data.task)},
                                  {"n_rows", data.rows()},
                                  {"metrics", scores_json(scores)},
                                  {"tree", tree_json(stats)}};
            if (details.contains("per_class")) out.update(details);
            else if (!details.is_null()) out["residuals"] = details;
            std::cout << out.dump(2) << '\n';
            return;
        }
        std::cout << input.model.card.method << " model on " << options->data << " (" << data.rows() << " rows)\n";
        print_tree_line(std::cout, stats);
        print_scores_table(std::cout, {{"data", &scores}});
        if (details.contains("per_class")) print_classification_details(std::cout, details);
        else if (!details.is_null()) print_residual_summary(std::cout, details);
    });
}

}  // namespace treelab::cli
