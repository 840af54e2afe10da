#pragma once
// Two runs' metrics side by side, in a non-modal dialog (Weka's and Orange's "compare results").
#include <QString>

#include "core/run/training_run.h"

class QDialog;
class QWidget;

namespace treelab {

struct NamedRun {
    QString name;
    const RunOutcome* outcome = nullptr;
};

// Opens (QDialog::open, never exec) and returns the dialog; it deletes itself when closed.
QDialog* open_run_comparison(QWidget* parent, const NamedRun& first, const NamedRun& second);

}  // namespace treelab
