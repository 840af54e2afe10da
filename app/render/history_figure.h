#pragma once
// A run's training curves as a figure, composed from its numbers: loss (train, validation; a
// learner's own schedule such as GET's α on a right axis), the metric and the active nodes per
// epoch (or per loss query when the run counts them, 003 §5.3), dashed lines where a restart
// begins, and for runs of several starts one small plot per start on shared axes; for CART, which
// is not iterative, its cost-complexity path. The Training tab's export and `treelab-cli plot
// --history` both draw with this.
#include <string>
#include <vector>

#include "app/render/plot_sheet.h"
#include "core/run/pruning_path_curve.h"
#include "core/run/training_run.h"
#include "core/training/history_csv.h"

namespace treelab {

// "400 epochs over 4 starts (dashed lines: where each start begins; each start below)": what the
// curves of `history` cover, for a caption.
std::string history_summary(const std::vector<HistoryPoint>& history);

// The curves of `history`, captioned with `caption`; `picked_start` (0-based) is marked as the start
// whose tree the run's model holds, −1 = none. An empty history gives a sheet without panels.
PlotSheet history_figure(const std::vector<HistoryPoint>& history, const std::string& caption, int picked_start = -1);

// CART's cost-complexity path (scikit-learn's pruning example): total leaf impurity, the metric on
// the training and test rows, and the leaves, against the effective α, as steps.
PlotSheet pruning_path_figure(const std::vector<PruningPathPoint>& path, const std::string& caption);

// The figure of a finished run as the Training tab shows it, captioned with `run_name`, what the
// curves cover and the run card (method, seed, data file, the command that trains it again).
PlotSheet training_figure(const RunOutcome& outcome, const std::string& run_name);

}  // namespace treelab
