#pragma once
// Internal to core/project: a comparison in a project document (its settings, data sets and cells).
#include <filesystem>
#include <string>

#include "core/project/project_json.h"

namespace treelab {

// A comparison's settings (data sets, contenders, resampling, seed, jobs, shards, reference); a
// comparison result's object holds them besides its results.
OrderedJson comparison_config_json(const ComparisonConfig& config, const std::filesystem::path& project_folder);
ComparisonConfig read_comparison_config(const ProjectFields& fields, const Json& json, const std::string& where);

OrderedJson comparison_result_json(const ComparisonResult& comparison, const std::filesystem::path& project_folder);
ComparisonResult read_comparison_result(const ProjectFields& fields, const Json& json, const std::string& where);

}  // namespace treelab
