#pragma once
// "Export as Slurm job…" of the Sweep tab: where the job's files go, where the merged CSV lands,
// and what each array task asks of the cluster (core/run/slurm_job.h; the same files as
// `treelab-cli sweep --slurm DIR`).
#include <QDialog>

#include "core/run/slurm_job.h"

class QLineEdit;
class QSpinBox;

namespace treelab {

class SlurmJobDialog : public QDialog {
    Q_OBJECT
public:
    explicit SlurmJobDialog(QWidget* parent = nullptr);
    // The settings as filled in; cli is the treelab-cli beside this program.
    SlurmSettings settings() const;

private:
    QLineEdit* folder_;
    QLineEdit* out_;
    QSpinBox* shards_;
    QSpinBox* cpus_;
    QLineEdit* time_;
    QLineEdit* partition_;
};

}  // namespace treelab
