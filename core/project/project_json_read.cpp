// Project documents, reading side. The input is untrusted: it is parsed under the same bounds as
// a model file, every model and tree in it is read by the model file's reader, and every problem
// becomes a ProjectFileError naming the file, the place (run 2, sweep 1: row 3, ...) and the field.
#include <algorithm>
#include <climits>
#include <limits>

#include "core/error.h"
#include "core/project/comparison_result_json.h"
#include "core/project/project_document.h"
#include "core/project/refit_source_json.h"
#include "core/project/run_config_json.h"
#include "core/project/run_outcome_json.h"
#include "core/project/sweep_result_json.h"

namespace treelab {
namespace {

void check_header(const ProjectFields& fields, const Json& root) {
    const auto format = root.find("format");
    if (format != root.end() && *format == "treelab-model")
        fields.fail("is a TreeLab model, not a project; open it with File > Open model");
    if (format == root.end() || *format != "treelab-project")
        fields.fail("is not a TreeLab project (\"format\" is " + (format == root.end() ? std::string("missing") : describe_json(*format)) +
                    ", expected \"treelab-project\")");
    const std::int64_t version = fields.integer(root, "version", "", 0, std::numeric_limits<std::int64_t>::max());
    if (version > kProjectFormatVersion)
        fields.fail("was written by a newer TreeLab (project format " + std::to_string(version) + "; this build reads up to " +
                    std::to_string(kProjectFormatVersion) + ")");
    if (version < 1) fields.fail("has project format version 0, which no TreeLab writes");
    fields.string(root, "treelab_version", "");
}

ProjectRun read_run(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    ProjectRun run;
    run.name = fields.string(json, "name", where);
    const std::string named = where + " (\"" + run.name + "\")";
    if (const Json& config = fields.field(json, "config", where); !config.is_null()) run.config = read_run_config(fields, config, named + ": config");
    run.outcome = read_run_outcome(fields, fields.field(json, "outcome", named), named + ": outcome");
    if (const auto refit = json.find("refit"); refit != json.end()) run.refit = read_refit_source(fields, *refit, named + ": refit");
    return run;
}

}  // namespace

Project read_project_document(const std::string& text, const std::string& source_name, const ProjectLimits& limits,
                              std::map<std::filesystem::path, std::filesystem::path>& relative_data_files) {
    const ProjectFields fields(source_name, limits);
    const Json root = fields.parse(text,
                                   std::max({limits.max_runs, limits.max_rows, limits.model.max_nodes, limits.model.max_features,
                                             limits.model.max_classes, limits.model.max_hidden_units}),
                                   "project file");
    if (!root.is_object()) fields.fail("is not a TreeLab project (the JSON is " + describe_json(root) + ", not an object)");
    check_header(fields, root);

    Project project;
    project.form = read_run_config(fields, fields.field(root, "form", ""), "the data and method panels");
    project.data_sha256 = fields.string(root, "data_sha256", "");
    const Json& forms = fields.object(root, "method_forms", "");
    for (const auto& [method, params] : forms.items())
        project.method_forms[method] = fields.params(forms, method.c_str(), "the method forms", method);
    project.runs = read_list(fields, root, "runs", "", "run", read_run, limits.max_runs);
    project.selected_run = fields.small_integer(root, "selected_run", "", -1);
    if (project.selected_run >= static_cast<int>(project.runs.size()))
        fields.fail("field \"selected_run\" is " + std::to_string(project.selected_run) + " but the project has " +
                    std::to_string(project.runs.size()) + " runs");
    project.sweeps = read_list(fields, root, "sweeps", "", "sweep", read_sweep_result, limits.max_runs);
    project.comparisons = read_list(fields, root, "comparisons", "", "comparison", read_comparison_result, limits.max_runs);
    relative_data_files = std::move(fields.relative_data_files);
    return project;
}

Project project_from_json(const std::string& text, const std::string& source_name, const ProjectLimits& limits) {
    std::map<std::filesystem::path, std::filesystem::path> relative_data_files;
    return read_project_document(text, source_name, limits, relative_data_files);
}

}  // namespace treelab
