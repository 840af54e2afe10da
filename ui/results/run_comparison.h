#pragma once
// Two runs' metrics side by side, in a non-modal dialog (Weka's and Orange's "compare results").
#include <QString>

#include <vector>

#include "ui/results/run_metrics.h"

class QDialog;
class QWidget;

namespace treelab {

struct NamedRun {
    QString name;
    std::vector<RunMetric> metrics;  // run_metrics of the run
};

// Opens (QDialog::open, never exec) and returns the dialog; it deletes itself when closed.
QDialog* open_run_comparison(QWidget* parent, const NamedRun& first, const NamedRun& second);

}  // namespace treelab
