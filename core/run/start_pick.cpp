#include "core/run/start_pick.h"

#include <string>
#include <utility>

#include "core/error.h"

namespace treelab {
namespace {

const PreparedData& run_data(const RunOutcome& outcome) {
    if (!outcome.data) throw Error("the run's data are no longer at hand to score another tree on");
    return *outcome.data;
}

}  // namespace

void keep_start_tree(RunOutcome& outcome, int start) {
    const int starts = static_cast<int>(outcome.starts.size());
    if (starts == 0)
        throw ParamError("this run of " + outcome.model.card.method + " has no starts to keep a tree from");
    if (start < 0 || start >= starts)
        throw ParamError("there is no start " + std::to_string(start + 1) + ": the run made " + std::to_string(starts) +
                         (starts == 1 ? " start (start 1)" : " starts (1 to " + std::to_string(starts) + ")"));
    const PreparedData& data = run_data(outcome);
    if (!outcome.picked) outcome.picked = PickedStart{0, outcome.model.tree, outcome.model.card.command_line};
    outcome.picked->start = start;
    outcome.model.tree = outcome.starts[static_cast<std::size_t>(start)].model;
    outcome.model.card.command_line = outcome.picked->run_command + " --start " + std::to_string(start + 1);
    score_model(outcome, data);
}

void keep_run_tree(RunOutcome& outcome) {
    if (!outcome.picked) return;
    const PreparedData& data = run_data(outcome);
    outcome.model.tree = std::move(outcome.picked->run_tree);
    outcome.model.card.command_line = std::move(outcome.picked->run_command);
    outcome.picked.reset();
    score_model(outcome, data);
}

}  // namespace treelab
