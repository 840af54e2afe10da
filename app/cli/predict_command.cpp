#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/model_input.h"
#include "core/io/atomic_file.h"
#include "core/io/csv_field.h"
#include "core/params/param_spec.h"

namespace treelab::cli {
namespace {

std::string predictions_csv(const ModelInput& input) {
    const TreeModel& tree = input.model.tree;
    const Eigen::VectorXi leaves = tree.route(input.X);
    const bool classification = tree.task == Task::Classification;
    const Eigen::MatrixXd proba = classification ? tree.predict_proba(input.X) : Eigen::MatrixXd();
    const Eigen::VectorXd predicted = classification ? most_probable_class(proba) : tree.predict(input.X);
    std::ostringstream out;
    out << "row,prediction";
    if (classification) {
        for (const std::string& name : tree.class_names) out << ',' << csv_field("proba_" + name);
    }
    out << ",node\n";
    for (Eigen::Index i = 0; i < input.X.rows(); ++i) {
        out << i + 1 << ',';
        if (classification) out << csv_field(tree.class_names.at(static_cast<std::size_t>(predicted(i))));
        else out << to_text(predicted(i));
        for (Eigen::Index k = 0; k < proba.cols(); ++k) out << ',' << to_text(proba(i, k));
        out << ',' << leaves(i) << '\n';
    }
    return out.str();
}

}  // namespace

void add_predict_command(CLI::App& app) {
    struct Options {
        std::string model, data, out;
        CsvFormatOptions format;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("predict", "write a saved model's predictions for a CSV file");
    command->add_option("--model", options->model, "model file (JSON)")->required();
    command->add_option("--data", options->data, "CSV file with the model's input columns")->required();
    options->format.bind(*command);
    command->add_option("--out", options->out,
                        "output CSV: row (1-based), prediction, class probabilities, stopping node")->required();
    command->callback([options] {
        const ModelInput input = load_model_input(options->model, options->data, options->format.to_csv_options());
        write_file_atomically(options->out, predictions_csv(input));
        std::cout << "wrote " << input.X.rows() << " predictions to " << options->out << '\n';
    });
}

}  // namespace treelab::cli
