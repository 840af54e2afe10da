#pragma once
// Internal to core/project: a sweep in a project document (what was asked, the rows it gave).
#include <filesystem>
#include <string>

#include "core/project/project_json.h"

namespace treelab {

OrderedJson sweep_result_json(const SweepResult& sweep, const std::filesystem::path& project_folder);
SweepResult read_sweep_result(const ProjectFields& fields, const Json& json, const std::string& where);

}  // namespace treelab
