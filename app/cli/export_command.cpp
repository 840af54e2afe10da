#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "core/export/model_export.h"
#include "core/model/model_file.h"

namespace treelab::cli {

void add_export_command(CLI::App& app) {
    struct Options {
        std::string model, format, out;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "export", "write a saved model as C or Python source or an ONNX model that predicts what `predict` predicts, or as a Graphviz drawing");
    command->add_option("--model", options->model, "model file (JSON)")->required();
    command->add_option("--format", options->format,
                        "c (one C99 file; -DTREELAB_MAIN makes it a CSV program), python (plain Python 3; a script), "
                        "dot (Graphviz, as scikit-learn's export_graphviz), onnx (ai.onnx 17 and ai.onnx.ml 3, for ONNX Runtime)")
        ->required();
    command->add_option("--out", options->out, "output file, written atomically")->required();
    command->callback([options] {
        const ExportFormat& format = find_export_format(options->format);  // before reading the model
        export_model(load_model(options->model), format.name, options->out);
        std::cout << "wrote " << format.label << " to " << options->out << '\n';
    });
}

}  // namespace treelab::cli
