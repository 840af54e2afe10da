#pragma once
// Internal to core/project: the document project_to_json writes, with the data files' paths
// also stored relative to `project_folder` when it is not empty (save_project).
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "core/project/project_file.h"

namespace treelab {

std::string project_document(const Project& project, const std::filesystem::path& project_folder);
// The same text, given to `sink` part by part, with runs[i]'s outcome from `outcome_of(i)` when
// it is set: one run at a time in memory (save_project).
void write_project_document(const Project& project, const std::filesystem::path& project_folder,
                            const std::function<RunOutcome(std::size_t)>& outcome_of, const std::function<void(std::string_view)>& sink);

// project_from_json, also giving the stored relative paths of the data files (absolute → relative).
Project read_project_document(const std::string& text, const std::string& source_name, const ProjectLimits& limits,
                              std::map<std::filesystem::path, std::filesystem::path>& relative_data_files);

}  // namespace treelab
