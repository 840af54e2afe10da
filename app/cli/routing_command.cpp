// `routing`: how a saved model routes the rows of a CSV file, node by node: the numbers behind
// 000's Figures 3 and 4 (routing_analysis.h) and, when the data holds the class column, the
// dendrogram purity of 000 §4.2 in both variants (dendrogram_purity.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/model_input.h"
#include "app/cli/thread_option.h"
#include "core/analysis/routing_analysis.h"
#include "core/error.h"
#include "core/io/atomic_file.h"
#include "core/io/csv_field.h"
#include "core/metrics/dendrogram_purity.h"

namespace treelab::cli {
namespace {

using Record = nlohmann::ordered_json;

std::string lowercase_extension(const std::string& file) {
    std::string extension = std::filesystem::path(file).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

// One node as the CSV row and the JSON object both show it (same keys, same order).
Record node_record(const NodeRouting& node, const std::vector<std::string>& class_names) {
    Record record = {{"node", node.node},   {"parent", node.parent},
                     {"depth", node.depth}, {"pruned", node.pruned},
                     {"rows", node.rows},   {"share_in_level", node.share_in_level},
                     {"label", node.label}};
    for (Eigen::Index c = 0; c < node.class_rows.size(); ++c) {
        const std::string& name = class_names[static_cast<std::size_t>(c)];
        record["rows_" + name] = node.class_rows(c);
        record["share_" + name] = node.class_share(c);
    }
    return record;
}

std::string records_csv(const std::vector<Record>& records) {
    std::ostringstream out;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (i == 0) {
            std::string separator;
            for (const auto& [key, value] : records[0].items()) out << std::exchange(separator, ",") << csv_field(key);
            out << '\n';
        }
        std::string separator;
        for (const auto& [key, value] : records[i].items())
            out << std::exchange(separator, ",") << (value.is_string() ? csv_field(value.get<std::string>()) : value.dump());
        out << '\n';
    }
    return out.str();
}

std::string purity_text(double value) {
    if (std::isnan(value)) return "undefined (no pair of rows of one class)";
    std::ostringstream out;
    out.precision(4);
    out << std::fixed << value;
    return out.str();
}

}  // namespace

void add_routing_command(CLI::App& app) {
    struct Options {
        std::string model, data, out;
        CsvFormatOptions format;
        bool by_class = false;
        int max_depth = -1;
        int threads = 0;  // --threads; 0 = every core
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "routing", "write how a saved model routes a CSV file's rows, node by node, with EN and dendrogram purity");
    command->add_option("--model", options->model, "model file (JSON)")->required();
    command->add_option("--data", options->data, "CSV file with the model's input columns (and its target for classes)")
        ->required();
    options->format.bind(*command);
    command->add_flag("--by-class", options->by_class, "add rows and share per class (needs the target column)");
    command->add_option("--max-depth", options->max_depth, "write only the nodes down to this depth")
        ->check(CLI::NonNegativeNumber);
    command->add_option("--out", options->out, "output file, .csv or .json")
        ->required()
        ->check([](const std::string& file) {
            const std::string extension = lowercase_extension(file);
            return extension == ".csv" || extension == ".json" ? std::string()
                                                               : "the output must end in .csv or .json: " + file;
        });
    add_threads_option(*command, options->threads, "reading the data and routing the rows");
    command->callback([options] {
        const ThreadLimit limit(options->threads);
        const ModelInput input = load_model_input(options->model, options->data, options->format.to_csv_options());
        const TreeModel& tree = input.model.tree;
        const std::optional<Dataset> labelled = class_labels(input);
        if (options->by_class && !labelled) {
            if (input.model.target.task != Task::Classification)
                throw ParamError("--by-class needs a classification model; this one predicts the number '" +
                                 input.model.target.column + "'");
            throw DataError(options->data, 0, 0,
                            "--by-class needs the class column '" + input.model.target.column + "', which this file lacks");
        }
        const RoutingAnalysis analysis =
            options->by_class ? analyse_routing(tree, input.X, labelled->y, labelled->classes(), options->max_depth)
                              : analyse_routing(tree, input.X, options->max_depth);

        std::vector<Record> records;
        for (const NodeRouting& node : analysis.nodes) records.push_back(node_record(node, input.model.target.class_names));
        Record summary = {{"empty_nodes", analysis.empty_nodes},
                          {"active_nodes", analysis.active_nodes},
                          {"pruned_nodes", analysis.pruned_nodes}};
        std::ostringstream stdout_summary;
        stdout_summary << "EN " << analysis.empty_nodes << ", active nodes " << analysis.active_nodes << ", pruned nodes "
                       << analysis.pruned_nodes << '\n';
        if (labelled) {
            const double reference = dendrogram_purity(tree, input.X, labelled->y, labelled->classes(), PurityVariant::Reference);
            const double textbook = dendrogram_purity(tree, input.X, labelled->y, labelled->classes(), PurityVariant::Textbook);
            summary["dendrogram_purity"] = {{"reference", reference}, {"textbook", textbook}};  // NaN is written as null
            stdout_summary << "dendrogram purity " << purity_text(reference) << " (reference), " << purity_text(textbook)
                           << " (textbook)\n";
        }

        if (lowercase_extension(options->out) == ".json") {
            Record out = {{"nodes", records}};
            out.update(summary);
            write_file_atomically(options->out, out.dump(2) + "\n");
        } else {
            write_file_atomically(options->out, records_csv(records));
        }
        std::cout << "wrote " << records.size() << " nodes to " << options->out << '\n' << stdout_summary.str();
    });
}

}  // namespace treelab::cli
