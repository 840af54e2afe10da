#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "core/export/data_units.h"
#include "core/export/rules_text.h"
#include "core/model/model_file.h"

namespace treelab::cli {

void add_rules_command(CLI::App& app) {
    struct Options {
        std::string model;
        RulesOptions rules;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand(
        "rules", "print a saved tree as indented if/else rules, thresholds in the data's units (x <= t goes left, ties included)");
    command->add_option("--model", options->model, "model file (JSON)")->required();
    command->add_option("--digits", options->rules.significant_digits, "significant digits of thresholds")
        ->check(CLI::Range(1, 17))
        ->capture_default_str();
    // Thresholds in the data's units whatever scaling the model trains on (core/export/data_units.h).
    command->callback([options] { std::cout << rules_text(tree_in_data_units(load_model(options->model)), options->rules); });
}

}  // namespace treelab::cli
