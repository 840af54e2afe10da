#include "app/session/target_overview.h"

#include "core/error.h"

namespace treelab {

TargetOverview overview_target(const Table& table, std::size_t column, std::optional<Task> forced) {
    TargetOverview overview;
    try {
        TargetSummary shown = summarize_target(table, column);
        overview.detected = shown.task;
        if (forced && *forced != shown.task) shown = summarize_target(table, column, forced);
        overview.summary = std::move(shown);
    } catch (const Error& error) {
        overview.problem = error.what();
    }
    return overview;
}

}  // namespace treelab
