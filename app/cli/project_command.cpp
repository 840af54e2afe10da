// `treelab-cli project list|export-model`: what a project file (.treelab) holds, and a run's model
// out of it, for a user without the workbench at hand (a cluster, a script).
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/commands.h"
#include "core/compare/comparison.h"
#include "core/error.h"
#include "core/export/model_export.h"
#include "core/model/model_file.h"
#include "core/project/project_file.h"

namespace treelab::cli {
namespace {

std::string state_text(DataFileState state) {
    switch (state) {
        case DataFileState::NoData: return "no data";
        case DataFileState::Unchanged: return "unchanged";
        case DataFileState::Changed: return "changed since the project was saved";
        case DataFileState::Missing: return "missing";
    }
    return "";
}

std::string method_label(const std::string& method) {
    try {
        return find_learner(method).label;
    } catch (const ParamError&) {
        return method;  // a method this build does not know (a model file from elsewhere)
    }
}

std::string number_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

std::string key_score(const Scores& scores) {
    const std::string name = headline_score(scores);
    return name.empty() ? "no test score" : "test " + score_label(name) + " " + number_text(scores.at(name));
}

std::string counted(std::size_t count, const std::string& noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string joined(const std::vector<std::string>& items, const char* separator = ", ") {
    std::string text;
    for (const std::string& item : items) text += (text.empty() ? "" : separator) + item;
    return text;
}

void list_project(const std::string& file) {
    const Project project = load_project(file);
    std::ostringstream out;
    out << "project " << file << '\n';
    if (project.form.data_file.empty())
        out << "data: none\n";
    else
        out << "data: " << project.form.data_file.string() << " (" << state_text(data_file_state(project)) << ")\n";

    out << "runs: " << project.runs.size() << '\n';
    for (std::size_t i = 0; i < project.runs.size(); ++i) {
        const ProjectRun& run = project.runs[i];
        const std::string method = run.config ? run.config->method : run.outcome.model.card.method;
        out << "  " << i + 1 << "  " << run.name << "  " << method_label(method) << "  " << key_score(run.outcome.test_scores)
            << (static_cast<int>(i) == project.selected_run ? "  (shown)" : "") << '\n';
    }
    out << "sweeps: " << project.sweeps.size() << '\n';
    for (std::size_t i = 0; i < project.sweeps.size(); ++i) {
        const SweepResult& sweep = project.sweeps[i];
        const std::string values = sweep.config.values.empty() ? "auto (the pruning path)" : joined(sweep.config.values);
        out << "  " << i + 1 << "  " << method_label(sweep.config.base.method) << " " << sweep.config.param << " = " << values << " × "
            << counted(static_cast<std::size_t>(sweep.config.seeds), "seed") << ": " << counted(sweep.rows.size(), "row")
            << (sweep.stopped ? " (stopped)" : "") << '\n';
    }
    out << "comparisons: " << project.comparisons.size() << '\n';
    for (std::size_t i = 0; i < project.comparisons.size(); ++i) {
        const ComparisonResult& comparison = project.comparisons[i];
        out << "  " << i + 1 << "  " << counted(comparison.data_set_names.size(), "data set") << " (" << joined(comparison.data_set_names)
            << ") × " << counted(comparison.contender_labels.size(), "contender") << " (" << joined(comparison.contender_labels) << "), "
            << resampling_text(comparison.config.resampling) << ": " << counted(comparison.cells.size(), "cell")
            << (comparison.stopped ? " (stopped)" : "") << '\n';
    }
    std::cout << out.str();
}

// RUN: a 1-based number or a run's exact name; anything else lists the runs.
const ProjectRun& find_run(const Project& project, const std::string& run, const std::string& file) {
    for (const ProjectRun& candidate : project.runs)
        if (candidate.name == run) return candidate;
    if (!run.empty() && run.find_first_not_of("0123456789") == std::string::npos && run.size() < 10) {
        const std::size_t number = std::stoul(run);
        if (number >= 1 && number <= project.runs.size()) return project.runs[number - 1];
    }
    std::string runs;
    for (std::size_t i = 0; i < project.runs.size(); ++i) runs += "\n  " + std::to_string(i + 1) + "  " + project.runs[i].name;
    throw ParamError("no run '" + run + "' in " + file + "; give its number or its name:" + (runs.empty() ? " (it has no runs)" : runs));
}

}  // namespace

void add_project_command(CLI::App& app) {
    struct Options {
        std::string project, run, out, format = "json";
    };
    auto options = std::make_shared<Options>();
    CLI::App* command = app.add_subcommand("project", "what a project file (.treelab) holds, and a run's model out of it");
    command->require_subcommand(1);

    CLI::App* list = command->add_subcommand("list", "list the project's data file, runs, sweeps and comparisons");
    list->add_option("project", options->project, "project file (.treelab)")->required();
    list->callback([options] { list_project(options->project); });

    CLI::App* export_model_command = command->add_subcommand("export-model", "write one run's model as a model file or an export");
    export_model_command->add_option("project", options->project, "project file (.treelab)")->required();
    export_model_command->add_option("run", options->run, "the run: its number in `project list` (1-based) or its exact name")->required();
    export_model_command->add_option("--out", options->out, "output file, written atomically")->required();
    export_model_command->add_option("--format", options->format,
                                     "json (a TreeLab model file, the default), or an export: " + export_format_names());
    export_model_command->callback([options] {
        if (options->format != "json") find_export_format(options->format);  // before reading the project
        const Project project = load_project(options->project);
        const ProjectRun& run = find_run(project, options->run, options->project);
        if (options->format == "json") {
            save_model(run.outcome.model, options->out);
            std::cout << "wrote the model of run '" << run.name << "' to " << options->out << '\n';
        } else {
            export_model(run.outcome.model, options->format, options->out);
            std::cout << "wrote the model of run '" << run.name << "' as " << find_export_format(options->format).label << " to "
                      << options->out << '\n';
        }
    });
}

}  // namespace treelab::cli
