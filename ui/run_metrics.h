#pragma once
// What the results list knows about a run, as named values: the same rows feed the metrics CSV
// and the side-by-side comparison, so both always agree.
#include <vector>

#include <QString>
#include <QVariant>

#include "core/run/training_run.h"

namespace treelab {

struct RunMetric {
    QString name;   // "method", "test_accuracy", "leaves", ...
    QVariant value; // QString or double
};

// method, key parameters, seed, train time, tree size, then every score per split (train_,
// valid_, test_ prefixes).
std::vector<RunMetric> run_metrics(const RunOutcome& outcome);
// The hyperparameters that differ from the method's defaults, "depth=3 epochs=5" ("defaults"),
// and the start whose tree is kept in place of the run's choice, "start 3 (picked)".
QString key_params(const RunOutcome& outcome);
// The union of the names over `runs`, in first-seen order.
std::vector<QString> metric_names(const std::vector<std::vector<RunMetric>>& runs);
// The value of `name` in `metrics`, invalid when absent.
QVariant metric_value(const std::vector<RunMetric>& metrics, const QString& name);

}  // namespace treelab
