#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/model_input.h"
#include "app/cli/report.h"
#include "core/run/evaluation.h"

namespace treelab::cli {

void add_eval_command(CLI::App& app) {
    struct Options {
        std::string model, data;
        CsvFormatOptions format;
        bool json = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("eval", "score a saved model on a labelled CSV file");
    command->add_option("--model", options->model, "model file (JSON) from `train --model-out`")->required();
    command->add_option("--data", options->data, "CSV file with the model's input columns and its target")->required();
    options->format.bind(*command);
    command->add_flag("--json", options->json, "print one JSON object");
    command->callback([options] {
        const ModelInput input = load_model_input(options->model, options->data, options->format.to_csv_options());
        const Dataset data = labelled_rows(input);
        const Scores scores = evaluate(input.model.tree, data);
        const TreeStats stats = input.model.tree.stats();
        if (options->json) {
            const nlohmann::json out = {{"method", input.model.card.method},
                                        {"task", to_string(data.task)},
                                        {"n_rows", data.rows()},
                                        {"metrics", scores_json(scores)},
                                        {"tree", tree_json(stats)}};
            std::cout << out.dump(2) << '\n';
            return;
        }
        std::cout << input.model.card.method << " model on " << options->data << " (" << data.rows() << " rows)\n";
        print_tree_line(std::cout, stats);
        print_scores_table(std::cout, {{"data", &scores}});
    });
}

}  // namespace treelab::cli
