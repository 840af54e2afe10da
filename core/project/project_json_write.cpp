// Project documents, writing side (resources/doc/projects.md describes the format).
#include "core/error.h"
#include "core/project/comparison_result_json.h"
#include "core/project/project_document.h"
#include "core/project/refit_source_json.h"
#include "core/project/run_config_json.h"
#include "core/project/run_outcome_json.h"
#include "core/project/sweep_result_json.h"

namespace treelab {

std::string project_document(const Project& project, const std::filesystem::path& project_folder) {
    OrderedJson runs = OrderedJson::array();
    for (const ProjectRun& run : project.runs) {
        OrderedJson json{{"name", run.name},
                         {"config", run.config ? run_config_json(*run.config, project_folder) : OrderedJson(nullptr)},
                         {"outcome", run_outcome_json(run.outcome)}};
        if (run.refit) json["refit"] = refit_source_json(*run.refit, project_folder);  // absent otherwise, as in older files
        runs.push_back(std::move(json));
    }
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
                               {"runs", std::move(runs)},
                               {"sweeps", std::move(sweeps)},
                               {"comparisons", std::move(comparisons)}};
    try {
        return document.dump(1);
    } catch (const OrderedJson::type_error& error) {
        // nlohmann refuses strings that are not UTF-8 (e.g. a Latin-1 run name).
        throw Error(std::string("cannot save the project: a name or text is not valid UTF-8 (") + error.what() + ")");
    }
}

std::string project_to_json(const Project& project) { return project_document(project, {}); }

}  // namespace treelab
