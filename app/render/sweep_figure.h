#pragma once
// A sweep's plots as a figure, composed from its rows (sklearn's pruning example, rpart's plotcp):
// a metric on the training, validation and test rows (mean ± std over seeds) against the swept
// parameter, and against the mean number of active nodes. The Sweep tab's export and `treelab-cli
// plot --sweep` both draw with this.
#include <string>
#include <vector>

#include "app/render/plot_sheet.h"
#include "core/run/sweep.h"

namespace treelab {

// How the swept parameter's axis reads.
struct SweepFigureAxis {
    std::string label;   // the user's words: "Pruning lambda", "Scale-factor schedule: stage 2 α"
    bool log = false;    // geometric; values <= 0 sit one decade below the smallest positive one
    bool steps = false;  // a pruning path: each tree holds from its α up to the next
};

// The axis of `param` for the method named `method` (empty: the first learner that has a
// parameter of that name, as a sweep file does not say its method): its description's label, log
// when the description steps geometrically or the positive values span two decades or more, steps
// on a learner's pruning path.
SweepFigureAxis sweep_axis(const std::string& param, const std::vector<SweepRow>& rows, const std::string& method = {});

// The metric a sweep's plots open on: accuracy, else R², else dendrogram purity, else the first.
std::string sweep_metric(const std::vector<SweepRow>& rows);

// The two plots of `rows` for `metric` (a Scores key), captioned with `caption`. Throws
// ParamError when no row has `metric`, naming the metrics there are.
PlotSheet sweep_figure(const std::vector<SweepRow>& rows, const std::string& metric, const SweepFigureAxis& axis, const std::string& caption);

// "Sweep of Pruning lambda over 5 values (0, 0.001, …, 0.1), 3 seeds from 1225: LatentTrees on
// glass.csv; accuracy as mean ± std over the seeds.\n treelab-cli sweep …": what a sweep's figure shows.
std::string sweep_caption(const SweepConfig& config, const std::vector<SweepRow>& rows, const std::string& metric);

}  // namespace treelab
