#pragma once
// Internal to core/project: a RunConfig in a project document, every field of it.
#include <filesystem>
#include <string>

#include "core/project/project_json.h"

namespace treelab {

// `project_folder` non-empty: the data file's path relative to it is stored too
// ("data_file_relative"), so that a project folder moved whole finds its data.
OrderedJson run_config_json(const RunConfig& config, const std::filesystem::path& project_folder);
// Records a stored relative path in fields.relative_data_files.
RunConfig read_run_config(const ProjectFields& fields, const Json& json, const std::string& where);

}  // namespace treelab
