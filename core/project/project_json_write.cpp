// Project documents, writing side (resources/doc/projects.md describes the format).
#include "core/error.h"
#include "core/project/comparison_result_json.h"
#include "core/project/project_document.h"
#include "core/project/refit_source_json.h"
#include "core/project/run_config_json.h"
#include "core/project/run_outcome_json.h"
#include "core/project/sweep_result_json.h"

namespace treelab {

namespace {

// Where the runs go in the document's text.
const std::string kRunsMark = "\x01runs\x01";

std::string dumped(const OrderedJson& json) {
    try {
        return json.dump(1);
    } catch (const OrderedJson::type_error& error) {
        // nlohmann refuses strings that are not UTF-8 (e.g. a Latin-1 run name).
        throw Error(std::string("cannot save the project: a name or text is not valid UTF-8 (") + error.what() + ")");
    }
}

}  // namespace

void write_project_document(const Project& project, const std::filesystem::path& project_folder,
                            const std::function<RunOutcome(std::size_t)>& outcome_of, const std::function<void(std::string_view)>& sink) {
    OrderedJson method_forms = OrderedJson::object();
    for (const auto& [method, params] : project.method_forms) method_forms[method] = params_json(params);
    OrderedJson sweeps = OrderedJson::array();
    for (const SweepResult& sweep : project.sweeps) sweeps.push_back(sweep_result_json(sweep, project_folder));
    OrderedJson comparisons = OrderedJson::array();
    for (const ComparisonResult& comparison : project.comparisons)
        comparisons.push_back(comparison_result_json(comparison, project_folder));
    const OrderedJson document{{"format", "treelab-project"},
                               {"version", kProjectFormatVersion},
                               {"treelab_version", TREELAB_VERSION},
                               {"form", run_config_json(project.form, project_folder)},
                               {"data_sha256", project.data_sha256},
                               {"method_forms", std::move(method_forms)},
                               {"selected_run", project.selected_run},
                               {"runs", kRunsMark},
                               {"sweeps", std::move(sweeps)},
                               {"comparisons", std::move(comparisons)}};
    // The runs are written one at a time in the mark's place, each as dump(1) nests it (two more
    // spaces per line), so that only one run's tree is in memory at a time.
    const std::string text = dumped(document);
    // A raw line break is the document's own (strings escape theirs), so this finds the key.
    const std::string key = "\n \"runs\": ", placeholder = OrderedJson(kRunsMark).dump();
    const std::size_t at = text.find(key + placeholder) + key.size();
    sink(std::string_view(text).substr(0, at));
    if (project.runs.empty()) sink("[]");
    for (std::size_t index = 0; index < project.runs.size(); ++index) {
        const ProjectRun& run = project.runs[index];
        RunOutcome gathered;
        const RunOutcome& outcome = outcome_of ? (gathered = outcome_of(index)) : run.outcome;
        OrderedJson json{{"name", run.name},
                         {"config", run.config ? run_config_json(*run.config, project_folder) : OrderedJson(nullptr)},
                         {"outcome", run_outcome_json(outcome)}};
        if (run.refit) json["refit"] = refit_source_json(*run.refit, project_folder);  // absent otherwise, as in older files
        const std::string lines = dumped(json);
        std::string nested;
        nested.reserve(lines.size() + lines.size() / 8);
        for (const char c : lines) {
            nested += c;
            if (c == '\n') nested += "  ";
        }
        sink(index == 0 ? "[\n  " : ",\n  ");
        sink(nested);
    }
    if (!project.runs.empty()) sink("\n ]");
    sink(std::string_view(text).substr(at + placeholder.size()));
}

std::string project_document(const Project& project, const std::filesystem::path& project_folder) {
    std::string text;
    write_project_document(project, project_folder, {}, [&text](std::string_view part) { text += part; });
    return text;
}

std::string project_to_json(const Project& project) { return project_document(project, {}); }

}  // namespace treelab
