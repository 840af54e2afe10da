// treelab-cli importance: which inputs a saved model relies on, by permutation (any model, on a
// labelled file) or by impurity decrease (CART's trees, from the model alone).
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>
#include <numeric>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/csv_format_options.h"
#include "app/cli/model_input.h"
#include "app/cli/thread_option.h"
#include "core/error.h"
#include "core/importance/impurity_importance.h"
#include "core/importance/permutation_importance.h"
#include "core/run/evaluation.h"

namespace treelab::cli {
namespace {

// Indices of `values` from the largest to the smallest; ties keep the model's order.
std::vector<std::size_t> descending(const Eigen::VectorXd& values) {
    std::vector<std::size_t> order(static_cast<std::size_t>(values.size()));
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return values(static_cast<Eigen::Index>(a)) > values(static_cast<Eigen::Index>(b));
    });
    return order;
}

std::size_t name_width(const std::vector<std::string>& names, const std::string& header) {
    std::size_t width = header.size();
    for (const std::string& name : names) width = std::max(width, name.size());
    return width + 2;
}

void print_impurity(const ModelFile& model) {
    const Eigen::VectorXd importance = impurity_importance(model.tree);
    const std::vector<std::string>& names = model.tree.feature_names;
    std::cout << model.card.method << " model: impurity importance (mean decrease in "
              << (model.tree.task == Task::Classification ? "impurity" : "squared error") << ", normalised to 1)\n";
    const std::size_t width = name_width(names, "feature");
    std::cout << std::left << std::setw(static_cast<int>(width)) << "feature" << std::right << std::setw(12) << "importance" << '\n';
    for (const std::size_t f : descending(importance))
        std::cout << std::left << std::setw(static_cast<int>(width)) << names[f] << std::right << std::setw(12) << std::fixed
                  << std::setprecision(4) << importance(static_cast<Eigen::Index>(f)) << '\n';
}

nlohmann::json impurity_json(const ModelFile& model) {
    const Eigen::VectorXd importance = impurity_importance(model.tree);
    nlohmann::json rows = nlohmann::json::array();
    for (const std::size_t f : descending(importance))
        rows.push_back({{"feature", model.tree.feature_names[f]}, {"importance", importance(static_cast<Eigen::Index>(f))}});
    return {{"method", model.card.method}, {"kind", "impurity"}, {"importances", rows}};
}

void print_permutation(const ModelFile& model, const PermutationImportance& result, const std::string& data,
                       std::size_t rows, int repeats, std::uint32_t seed) {
    const std::string score = score_label(result.score);
    std::cout << model.card.method << " model on " << data << " (" << rows << " rows): permutation importance, the drop in "
              << score << " when a column is shuffled (" << repeats << " repeats, seed " << seed << "; " << score
              << " unshuffled " << std::fixed << std::setprecision(4) << result.baseline << ")\n";
    const std::size_t width = name_width(result.columns, "column");
    std::cout << std::left << std::setw(static_cast<int>(width)) << "column" << std::right << std::setw(12) << "importance"
              << std::setw(10) << "std" << '\n';
    for (const std::size_t j : descending(result.mean)) {
        const auto i = static_cast<Eigen::Index>(j);
        std::cout << std::left << std::setw(static_cast<int>(width)) << result.columns[j] << std::right << std::setw(12)
                  << result.mean(i) << std::setw(10) << result.std(i) << '\n';
    }
}

nlohmann::json permutation_json(const ModelFile& model, const PermutationImportance& result, std::size_t rows,
                                int repeats, std::uint32_t seed) {
    nlohmann::json columns = nlohmann::json::array();
    for (const std::size_t j : descending(result.mean)) {
        const auto i = static_cast<Eigen::Index>(j);
        std::vector<double> drops(result.drops.row(i).begin(), result.drops.row(i).end());
        columns.push_back({{"column", result.columns[j]}, {"mean", result.mean(i)}, {"std", result.std(i)}, {"drops", drops}});
    }
    return {{"method", model.card.method}, {"kind", "permutation"}, {"score", result.score}, {"baseline", result.baseline},
            {"n_rows", rows}, {"repeats", repeats}, {"seed", seed}, {"importances", columns}};
}

}  // namespace

void add_importance_command(CLI::App& app) {
    struct Options {
        std::string model, data, kind = "permutation";
        CsvFormatOptions format;
        int repeats = 5;
        std::uint32_t seed = 0;
        bool json = false;
        int threads = 0;  // --threads; 0 = every core
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("importance", "rank a saved model's inputs by permutation or impurity importance");
    command->add_option("--model", options->model, "model file (JSON) from `train --model-out`")->required();
    command->add_option("--data", options->data,
                        "labelled CSV file whose rows are shuffled column by column (permutation importance)");
    command->add_option("--kind", options->kind,
                        "permutation: the drop in accuracy or R² when one input column is shuffled (any model); "
                        "impurity: the mean decrease in impurity of CART's splits (from the model alone)")
        ->check(CLI::IsMember({"permutation", "impurity"}))
        ->capture_default_str();
    command->add_option("--repeats", options->repeats, "shuffles per column")->check(CLI::Range(1, 100000))->capture_default_str();
    command->add_option("--seed", options->seed, "seed of the shuffles (scikit-learn's random_state)")->capture_default_str();
    options->format.bind(*command);
    command->add_flag("--json", options->json, "print one JSON object");
    add_threads_option(*command, options->threads, "reading the data and shuffling the columns");
    command->callback([options] {
        const ThreadLimit limit(options->threads);
        if (options->kind == "impurity") {
            const ModelFile model = load_model(options->model);
            if (options->json)
                std::cout << impurity_json(model).dump(2) << '\n';
            else
                print_impurity(model);
            return;
        }
        if (options->data.empty()) throw ParamError("permutation importance needs --data, a labelled CSV file");
        const ModelInput input = load_model_input(options->model, options->data, options->format.to_csv_options());
        const Dataset labelled = labelled_rows(input);
        RowIndices rows(input.table.rows);
        std::iota(rows.begin(), rows.end(), Eigen::Index{0});
        const PermutationImportance result = permutation_importance(input.model.tree, input.model.pipeline, input.table,
                                                                    rows, labelled.y, options->repeats, options->seed);
        if (options->json)
            std::cout << permutation_json(input.model, result, rows.size(), options->repeats, options->seed).dump(2) << '\n';
        else
            print_permutation(input.model, result, options->data, rows.size(), options->repeats, options->seed);
    });
}

}  // namespace treelab::cli
