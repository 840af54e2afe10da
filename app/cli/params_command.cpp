#include <iomanip>
#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "core/learners/learner.h"

namespace treelab::cli {
namespace {

void print_table(const LearnerInfo& learner) {
    std::cout << learner.name << " (" << learner.label << "): " << learner.summary << "\n";
    std::cout << std::left << std::setw(24) << "  name" << std::setw(9) << "type" << std::setw(34) << "range"
              << std::setw(9) << "default" << "help\n";
    for (const ParamSpec& spec : learner.params)
        std::cout << "  " << std::setw(22) << spec.name << std::setw(9) << to_string(spec.type) << std::setw(34)
                  << spec.range_text() << std::setw(9) << to_text(spec.default_value) << spec.help << '\n';
    std::cout << std::right;
}

// The README's hyperparameter table is this output.
void print_markdown(const LearnerInfo& learner) {
    std::cout << "| `" << learner.name << "` parameter | type | range | default | meaning |\n|---|---|---|---|---|\n";
    for (const ParamSpec& spec : learner.params)
        std::cout << "| `" << spec.name << "` | " << to_string(spec.type) << " | " << spec.range_text() << " | `"
                  << to_text(spec.default_value) << "` | " << spec.help << " |\n";
}

}  // namespace

void add_params_command(CLI::App& app) {
    struct Options {
        std::string method;
        bool markdown = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("params", "list the hyperparameters of a method (or of all)");
    command->add_option("method", options->method, "method name, e.g. cart");
    command->add_flag("--markdown", options->markdown, "print a Markdown table (the README's)");
    command->callback([options] {
        for (const LearnerInfo& learner : learners()) {
            if (!options->method.empty() && learner.name != options->method) continue;
            options->markdown ? print_markdown(learner) : print_table(learner);
        }
        if (!options->method.empty()) find_learner(options->method);  // unknown name -> usage error
    });
}

}  // namespace treelab::cli
