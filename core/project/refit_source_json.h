#pragma once
// Internal to core/project: where a refit run comes from (the comparison's settings, the data set
// and method refitted) in a project document.
#include <filesystem>
#include <string>

#include "core/project/project_json.h"

namespace treelab {

OrderedJson refit_source_json(const RefitSource& source, const std::filesystem::path& project_folder);
// Refuses indices outside the comparison and a method that is not a learner (the forest has no tree).
RefitSource read_refit_source(const ProjectFields& fields, const Json& json, const std::string& where);

}  // namespace treelab
