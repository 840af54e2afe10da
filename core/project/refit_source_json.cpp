#include "core/project/refit_source_json.h"

#include <climits>

#include "core/project/comparison_result_json.h"

namespace treelab {

OrderedJson refit_source_json(const RefitSource& source, const std::filesystem::path& project_folder) {
    return OrderedJson{{"comparison", comparison_config_json(source.comparison, project_folder)},
                       {"data_set", source.data_set},
                       {"contender", source.contender}};
}

RefitSource read_refit_source(const ProjectFields& fields, const Json& json, const std::string& where) {
    if (!json.is_object()) fields.fail(where + " must be an object, not " + describe_json(json));
    RefitSource source;
    source.comparison = read_comparison_config(fields, fields.field(json, "comparison", where), where + ": comparison");
    source.data_set = static_cast<std::size_t>(fields.integer(json, "data_set", where, 0, INT_MAX));
    source.contender = static_cast<std::size_t>(fields.integer(json, "contender", where, 0, INT_MAX));
    const ComparisonConfig& comparison = source.comparison;
    if (source.data_set >= comparison.data_sets.size())
        fields.fail(where + ": data set " + std::to_string(source.data_set + 1) + " is not among the comparison's " +
                    std::to_string(comparison.data_sets.size()) + " data sets");
    if (source.contender >= comparison.contenders.size())
        fields.fail(where + ": method " + std::to_string(source.contender + 1) + " is not among the comparison's " +
                    std::to_string(comparison.contenders.size()) + " methods");
    const std::string& method = comparison.contenders[source.contender].method;
    if (method == forest_method) fields.fail(where + ": the random forest is a reference score, not a tree that was refitted");
    try {
        find_learner(method);
    } catch (const ParamError& error) {
        fields.fail(where + ": " + error.what());
    }
    return source;
}

}  // namespace treelab
