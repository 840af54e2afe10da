#pragma once
// What the data panel shows for a choice of target and task: the task detected, the target's
// distribution for the task shown (the one forced, else the detected one), or the core's reason
// the column cannot be this target. Computed in a worker (LoadingSession for a new file's default
// target, TargetSummarySession for the user's choices): on a million rows it takes longer than a
// GUI frame.
#include <cstddef>
#include <optional>
#include <string>

#include "core/data/column_summary.h"

namespace treelab {

struct TargetOverview {
    std::optional<Task> detected;          // empty when the column cannot be a target at all
    std::optional<TargetSummary> summary;  // empty with `problem`
    std::string problem;
};

TargetOverview overview_target(const Table& table, std::size_t column, std::optional<Task> forced);

}  // namespace treelab
