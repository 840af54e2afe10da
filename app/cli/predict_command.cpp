#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/model_input.h"
#include "app/cli/thread_option.h"
#include "core/export/predictions_csv.h"
#include "core/io/atomic_file.h"

namespace treelab::cli {

void add_predict_command(CLI::App& app) {
    struct Options {
        std::string model, data, out;
        CsvFormatOptions format;
        int threads = 0;  // --threads; 0 = every core
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("predict", "write a saved model's predictions for a CSV file");
    command->add_option("--model", options->model, "model file (JSON)")->required();
    command->add_option("--data", options->data, "CSV file with the model's input columns")->required();
    options->format.bind(*command);
    command->add_option("--out", options->out,
                        "output CSV: row (1-based), prediction, class probabilities, stopping node")->required();
    add_threads_option(*command, options->threads, "reading the data and routing the rows");
    command->callback([options] {
        const ThreadLimit limit(options->threads);
        const ModelInput input = load_model_input(options->model, options->data, options->format.to_csv_options());
        const TreeModel& tree = input.model.tree;
        write_file_atomically(options->out, predictions_csv(tree, predict_rows(tree, input.X)));
        std::cout << "wrote " << input.X.rows() << " predictions to " << options->out << '\n';
    });
}

}  // namespace treelab::cli
