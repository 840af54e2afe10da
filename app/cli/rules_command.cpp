#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "core/export/rules_text.h"
#include "core/model/model_file.h"

namespace treelab::cli {

void add_rules_command(CLI::App& app) {
    struct Options {
        std::string model;
        RulesOptions rules;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("rules", "print a saved tree as indented if/else rules");
    command->add_option("--model", options->model, "model file (JSON)")->required();
    command->add_option("--digits", options->rules.significant_digits, "significant digits of thresholds")
        ->check(CLI::Range(1, 17))
        ->capture_default_str();
    command->callback([options] { std::cout << rules_text(load_model(options->model).tree, options->rules); });
}

}  // namespace treelab::cli
