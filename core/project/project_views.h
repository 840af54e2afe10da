#pragma once
// What a project file does not store because the data file gives it back: each run's prepared
// data, test predictions and probabilities and pruning curve, each sweep row's data. Rebuilt on
// opening a project whose data file is unchanged, so that its views (confusion matrix, routing,
// pruning curve, a sweep's trees on their rows) are the ones the saved session showed.
#include <functional>

#include "core/project/project_file.h"

namespace treelab {

// Reads the data file once per CSV format and prepares it once per preparation, as the runs and
// sweeps were prepared; a refit's data set is read and prepared as the refit read it (prepare_refit,
// every row). A run opened from a model file (no configuration) that was scored on the
// project's data (an evaluation: it has test scores) is scored again on every row; one that was
// not stays without data. `keep_going` is asked between runs; false stops with Cancelled. Throws
// DataError when the data file cannot be read or prepared.
void rebuild_project_views(Project& project, const std::function<bool()>& keep_going = {});

}  // namespace treelab
