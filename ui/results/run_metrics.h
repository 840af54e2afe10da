#pragma once
// What the results list knows about a run, as named values: the same rows feed the metrics CSV
// (by name) and the side-by-side comparison (by label and text), so both always agree.
#include <vector>

#include <QString>
#include <QVariant>

#include "core/run/training_run.h"

namespace treelab {

struct RunMetric {
    QString name;    // the CSV column: "method", "test_accuracy", "leaves", ...
    QString label;   // what a person reads: "Method", "Test accuracy", "Leaves", ...
    QVariant value;  // the CSV cell: QString or double
    QString text;    // the value as shown: "LatentTrees", "0.6512", "60,000", "28.2 s"
};

// method, key parameters, seed, train time, tree size, then every score per split (train_,
// valid_, test_ prefixes).
std::vector<RunMetric> run_metrics(const RunOutcome& outcome);
// The hyperparameters that differ from the method's defaults, "depth=3 epochs=5" ("defaults"),
// and the start whose tree is kept in place of the run's choice, "start 3 (picked)": the CSV's.
QString key_params(const RunOutcome& outcome);
// The same in the form's words: "Max depth 4, Epochs 60,000" ("defaults" when nothing differs).
QString params_text(const RunOutcome& outcome);
// The union of the names over `runs`, in first-seen order.
std::vector<QString> metric_names(const std::vector<std::vector<RunMetric>>& runs);
// The metric called `name` in `metrics`, null when absent.
const RunMetric* find_metric(const std::vector<RunMetric>& metrics, const QString& name);
// The value of `name` in `metrics`, invalid when absent.
QVariant metric_value(const std::vector<RunMetric>& metrics, const QString& name);

}  // namespace treelab
