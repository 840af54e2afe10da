#include "ui/sweep/slurm_job_dialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>

namespace treelab {
namespace {

// A line edit with a "Browse…" button that fills it from a file dialog.
QWidget* with_browse(QLineEdit* edit, QWidget* parent, const std::function<QString()>& ask) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* browse = new QPushButton(QObject::tr("Browse…"), row);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    QObject::connect(browse, &QPushButton::clicked, row, [edit, ask] {
        if (const QString chosen = ask(); !chosen.isEmpty()) edit->setText(chosen);
    });
    return row;
}

}  // namespace

SlurmJobDialog::SlurmJobDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export the sweep as a Slurm job"));
    setMinimumWidth(620);  // paths of a cluster's shared folders are long
    folder_ = new QLineEdit(QDir::current().filePath("slurm-sweep"), this);
    folder_->setObjectName("slurmFolder");
    out_ = new QLineEdit(QDir::current().filePath("sweep.csv"), this);
    out_->setObjectName("slurmOut");
    shards_ = new QSpinBox(this);
    shards_->setObjectName("slurmShards");
    shards_->setRange(1, 10000);
    shards_->setValue(4);
    cpus_ = new QSpinBox(this);
    cpus_->setObjectName("slurmCpus");
    cpus_->setRange(1, 1024);
    cpus_->setValue(1);
    time_ = new QLineEdit(this);
    time_->setObjectName("slurmTime");
    time_->setPlaceholderText(tr("the partition's default, or e.g. 2:00:00"));
    partition_ = new QLineEdit(this);
    partition_->setObjectName("slurmPartition");
    partition_->setPlaceholderText(tr("the cluster's default"));

    auto* form = new QFormLayout;
    form->addRow(tr("Job folder"), with_browse(folder_, this, [this] {
                     return QFileDialog::getExistingDirectory(this, tr("Folder for sweep.sbatch, merge.sbatch and the parts"));
                 }));
    form->addRow(tr("Merged CSV"), with_browse(out_, this, [this] {
                     return QFileDialog::getSaveFileName(this, tr("The sweep's CSV"), out_->text(), tr("CSV files (*.csv)"));
                 }));
    form->addRow(tr("Array tasks (shards)"), shards_);
    form->addRow(tr("CPUs per task"), cpus_);
    form->addRow(tr("Time limit per task"), time_);
    form->addRow(tr("Partition"), partition_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

SlurmSettings SlurmJobDialog::settings() const {
    SlurmSettings job;
    job.folder = folder_->text().toStdString();
    job.out = out_->text().toStdString();
    job.cli = QDir(QCoreApplication::applicationDirPath()).filePath("treelab-cli").toStdString();
    job.shards = shards_->value();
    job.cpus = cpus_->value();
    job.time = time_->text().trimmed().toStdString();
    job.partition = partition_->text().trimmed().toStdString();
    return job;
}

}  // namespace treelab
