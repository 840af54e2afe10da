#pragma once
// Internal to core/project: a run's outcome in a project document (model, scores, row counts,
// history, starts, the picked start, recorded trees). What the data rebuild is left out
// (project_file.h).
#include <string>

#include "core/project/project_json.h"

namespace treelab {

OrderedJson run_outcome_json(const RunOutcome& outcome);
RunOutcome read_run_outcome(const ProjectFields& fields, const Json& json, const std::string& where);

}  // namespace treelab
