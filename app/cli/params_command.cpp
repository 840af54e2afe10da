#include <algorithm>
#include <iomanip>
#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "core/learners/learner.h"

namespace treelab::cli {
namespace {

void print_table(const LearnerInfo& learner) {
    std::cout << learner.name << " (" << learner.label << "): " << learner.summary << "\n";
    std::size_t name_width = 4, range_width = 5, default_width = 7;
    for (const ParamSpec& spec : learner.params) {
        name_width = std::max(name_width, spec.name.size());
        range_width = std::max(range_width, spec.range_text().size());
        default_width = std::max(default_width, to_text(spec.default_value).size());
    }
    auto row = [&](const std::string& name, const std::string& type, const std::string& range, const std::string& fallback,
                   const std::string& help) {
        std::cout << "  " << std::left << std::setw(static_cast<int>(name_width + 2)) << name << std::setw(9) << type
                  << std::setw(static_cast<int>(range_width + 2)) << range << std::setw(static_cast<int>(default_width + 2))
                  << fallback << help << std::right << '\n';
    };
    row("name", "type", "range", "default", "help");
    for (const ParamSpec& spec : learner.params)
        row(spec.name, to_string(spec.type), spec.range_text(), to_text(spec.default_value), spec.help);
}

// A table cell: a pipe would end the cell (GitHub splits at '|' even inside code spans).
std::string cell(const std::string& text) {
    std::string escaped;
    for (char c : text) escaped += (c == '|') ? std::string("\\|") : std::string(1, c);
    return escaped;
}

// The manual's hyperparameter tables (resources/doc/command-line.md) are this output.
void print_markdown(const LearnerInfo& learner) {
    std::cout << "| `" << cell(learner.name) << "` parameter | type | range | default | meaning |\n|---|---|---|---|---|\n";
    for (const ParamSpec& spec : learner.params)
        std::cout << "| `" << cell(spec.name) << "` | " << cell(to_string(spec.type)) << " | " << cell(spec.range_text())
                  << " | `" << cell(to_text(spec.default_value)) << "` | " << cell(spec.help) << " |\n";
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
    command->add_flag("--markdown", options->markdown, "print a Markdown table (as the manual's command-line page shows it)");
    command->callback([options] {
        for (const LearnerInfo& learner : learners()) {
            if (!options->method.empty() && learner.name != options->method) continue;
            options->markdown ? print_markdown(learner) : print_table(learner);
        }
        if (!options->method.empty()) find_learner(options->method);  // unknown name -> usage error
    });
}

}  // namespace treelab::cli
