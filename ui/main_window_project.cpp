// MainWindow's project files: File > New, Open, Save and Save As, recent projects, the title's
// modified mark, the question before unsaved work goes, autosave to a recovery file and the offer
// to restore it after a crash.
#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include "app/session/loading_session.h"
#include "app/session/project_session.h"
#include "app/session/recovery_files.h"
#include "core/learners/learner.h"
#include "core/project/project_file.h"
#include "ui/compare/compare_panel.h"
#include "ui/data/data_panel.h"
#include "ui/data/recent_files_menu.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/sweep/sweep_panel.h"

namespace treelab {

namespace {

// How often a session with unsaved changes is autosaved besides after every finished run.
constexpr int kAutosaveIntervalMs = 2 * 60 * 1000;

QString projectName(const QString& file) { return file.isEmpty() ? QObject::tr("Untitled project") : QFileInfo(file).fileName(); }

bool isProjectFile(const QString& file) { return QFileInfo(file).suffix().compare("treelab", Qt::CaseInsensitive) == 0; }

QString dataStateText(const OpenedProject& opened) {
    const QString data = QString::fromStdString(opened.project.form.data_file.string());
    switch (opened.data_state) {
        case DataFileState::Missing: return QObject::tr("The project's data file %1 is not there any more.").arg(data);
        case DataFileState::Changed:
            return QObject::tr("The project's data file %1 has changed since the project was saved (its SHA-256 differs): "
                               "its runs were trained on other rows.").arg(data);
        default: return {};
    }
}

}  // namespace

void MainWindow::buildProjectMenu(QMenu* file) {
    file->addAction(tr("&New project"), QKeySequence::New, this, [this] {
        if (maybeSaveProject()) newProject();
    });
    QAction* open = file->addAction(tr("Open &project…"), QKeySequence(tr("Ctrl+Alt+O")), this, [this] {
        if (!maybeSaveProject()) return;
        const QString name = QFileDialog::getOpenFileName(this, tr("Open a TreeLab project"), QString(),
                                                          tr("TreeLab projects (*.treelab);;All files (*)"));
        if (!name.isEmpty()) openProject(name);
    });
    open->setObjectName("openProject");
    recentProjects_ = new RecentFilesMenu(tr("Recent pro&jects"), this);
    connect(recentProjects_, &RecentFilesMenu::fileChosen, this, [this](const QString& name) {
        if (maybeSaveProject()) openProject(name);
    });
    file->addMenu(recentProjects_);
    QAction* save = file->addAction(tr("Save projec&t"), QKeySequence::Save, this, [this] { saveProjectWithDialog(false); });
    save->setObjectName("saveProject");
    QAction* saveAs = file->addAction(tr("Save project &as…"), QKeySequence::SaveAs, this, [this] { saveProjectWithDialog(true); });
    saveAs->setObjectName("saveProjectAs");
    file->addSeparator();
}

void MainWindow::connectProject() {
    projectSession_ = new ProjectSession(this);
    autosaveSession_ = new ProjectSession(this);
    autosaveTimer_ = new QTimer(this);
    autosaveTimer_->setInterval(kAutosaveIntervalMs);
    connect(autosaveTimer_, &QTimer::timeout, this, [this] {
        if (autosaveDirty_) autosave();
    });
    autosaveTimer_->start();

    connect(projectSession_, &ProjectSession::saved, this, [this](const QString& file, int) {
        projectFile_ = file;
        recentProjects_->add(file);
        setWindowModified(false);
        updateTitle();
        statusBar()->showMessage(tr("Saved project %1").arg(file), 5000);
        emit projectSaved(file);
    });
    connect(projectSession_, &ProjectSession::saveFailed, this, [this](const QString& file, const QString& message) {
        // The writer replaces the file only once the new one is whole: say so, a full disk is alarming.
        const QString name = QFileInfo(file).fileName();
        showError(tr("Cannot save the project %1").arg(name), message,
                  tr("%1 is as it was before, and your work is still here, not saved: save it elsewhere with "
                     "File > Save project as…").arg(name));
    });
    connect(projectSession_, &ProjectSession::opened, this, &MainWindow::showProject);
    connect(projectSession_, &ProjectSession::openFailed, this, [this](const QString& file, const QString& message) {
        statusBar()->clearMessage();
        showError(tr("Cannot open the project %1").arg(QFileInfo(file).fileName()), message);
    });
    connect(autosaveSession_, &ProjectSession::saved, this, [this](const QString&, int runs) {
        emit autosaved(runs);
        if (std::exchange(autosavePending_, false)) autosave();
    });
    connect(autosaveSession_, &ProjectSession::saveFailed, this, [this](const QString& file, const QString& message) {
        autosavePending_ = false;
        statusBar()->showMessage(tr("Autosave to %1 failed: %2").arg(file, message), 10000);
    });

    // What changes the project; a finished run, sweep or comparison is also autosaved at once.
    const auto changed = [this] { markModified(); };
    const auto finished = [this] {
        markModified();
        autosave();
    };
    connect(results_, &ResultsPanel::runsChanged, this, finished);
    connect(sweep_, &SweepPanel::finished, this, finished);
    connect(compare_, &ComparePanel::comparisonFinished, this, finished);
    connect(data_, &DataPanel::settingsChanged, this, changed);
    connect(method_, &MethodPanel::valuesChanged, this, changed);
    connect(method_, &MethodPanel::methodChanged, this, changed);
    connect(data_, &DataPanel::dataChanged, this, [this] {
        if (!std::exchange(cleanAfterLoad_, false)) markModified();
        updateTitle();
    });
    connect(data_, &DataPanel::loadEnded, this, [this] {
        cleanAfterLoad_ = false;
        projectForm_.reset();
    });
    updateTitle();
}

QString MainWindow::projectFile() const { return projectFile_; }
QString MainWindow::recoveryFile() const { return recoveryFile_; }

void MainWindow::markModified() {
    if (applyingProject_ || cleanAfterLoad_) return;
    autosaveDirty_ = true;
    setWindowModified(true);
}

void MainWindow::updateTitle() {
    QString title = projectName(projectFile_) + QStringLiteral("[*]");
    if (data_->hasData()) title += QStringLiteral(" — ") + QFileInfo(data_->file()).fileName();
    setWindowTitle(title + QStringLiteral(" — TreeLab"));
}

ProjectDraft MainWindow::currentProject() const {
    auto project = std::make_shared<Project>();
    if (projectForm_) {  // the project's data are still loading
        project->form = *projectForm_;
        project->data_sha256 = projectDataSha256_;
    } else {
        data_->applyTo(project->form);
        // The file as it was read for these results, not as it is now: a file changed since is
        // then noticed when the project is opened.
        if (const std::shared_ptr<const LoadedTable> loaded = data_->loadedTable()) project->data_sha256 = loaded->stamp.sha256;
    }
    method_->applyTo(project->form);
    for (const LearnerInfo& learner : learners()) {
        const QString name = QString::fromStdString(learner.name);
        project->method_forms.emplace(learner.name, method_->valuesOf(name));
    }
    std::vector<std::function<RunOutcome()>> outcomes;
    for (int row = 0; row < results_->runCount(); ++row) {
        project->runs.push_back({results_->runName(row).toStdString(), results_->runConfig(row), {}, results_->refitSource(row)});
        outcomes.push_back(results_->storedRun(row));
    }
    project->selected_run = results_->currentRow();
    if (const std::shared_ptr<const SweepResult> sweep = sweep_->result()) project->sweeps.push_back(*sweep);
    if (const std::shared_ptr<const ComparisonResult> comparison = compare_->result()) project->comparisons.push_back(*comparison);
    return {std::move(project), std::move(outcomes)};
}

bool MainWindow::saveProject(const QString& file) {
    if (projectSession_->isRunning()) {
        statusBar()->showMessage(tr("A project is still being saved or opened."), 5000);
        return false;
    }
    statusBar()->showMessage(tr("Saving project %1…").arg(file));
    return projectSession_->save(currentProject(), file);
}

void MainWindow::saveProjectWithDialog(bool askName) {
    QString file = projectFile_;
    if (askName || file.isEmpty()) {
        const QString start = file.isEmpty() && data_->hasData() ? QFileInfo(data_->file()).completeBaseName() + QStringLiteral(".treelab") : file;
        file = QFileDialog::getSaveFileName(this, tr("Save the project"), start, tr("TreeLab projects (*.treelab)"));
        if (file.isEmpty()) return;
        if (!isProjectFile(file)) file += QStringLiteral(".treelab");
    }
    saveProject(file);
}

bool MainWindow::openProject(const QString& file) {
    if (projectSession_->isRunning()) {
        statusBar()->showMessage(tr("A project is still being saved or opened."), 5000);
        return false;
    }
    statusBar()->showMessage(tr("Opening project %1…").arg(file));
    return projectSession_->open(file);
}

void MainWindow::showProject(std::shared_ptr<OpenedProject> opened) {
    statusBar()->clearMessage();
    if (opened->data_state == DataFileState::Missing || opened->data_state == DataFileState::Changed) {
        locateDataFile(std::move(opened));
        return;
    }
    applyProject(*opened);
    if (!opened->rebuild_problem.isEmpty())
        showError(tr("The project's views need its data again"),
                  tr("The runs are shown without their data (no confusion matrix or routing): %1").arg(opened->rebuild_problem));
}

void MainWindow::locateDataFile(std::shared_ptr<OpenedProject> opened) {
    auto* box = new QMessageBox(QMessageBox::Question, tr("Where is the data file?"), dataStateText(*opened), QMessageBox::NoButton, this);
    box->setObjectName("locateDataFile");
    box->setInformativeText(tr("Locate the data file, or keep the project's runs, sweeps and comparisons without it "
                               "(their trees, curves and scores stay; views that route rows need the data)."));
    QPushButton* locate = box->addButton(tr("&Locate…"), QMessageBox::AcceptRole);
    locate->setObjectName("locate");
    QPushButton* keep = box->addButton(tr("&Keep the results without it"), QMessageBox::DestructiveRole);
    keep->setObjectName("keepWithoutData");
    box->addButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box, locate, keep, opened](QAbstractButton* clicked) {
        if (clicked == keep) {
            opened->project.form.data_file.clear();  // the data panel keeps what it shows
            applyProject(*opened);
        } else if (clicked == locate) {
            const QString old = QString::fromStdString(opened->project.form.data_file.string());
            const QString found = QFileDialog::getOpenFileName(this, tr("Locate %1").arg(QFileInfo(old).fileName()), QFileInfo(old).absolutePath(),
                                                               tr("CSV files (*.csv *.tsv *.txt *.csv.gz *.tsv.gz *.txt.gz);;All files (*)"));
            if (found.isEmpty()) return;
            relocate_data_file(opened->project, old.toStdString(), found.toStdString());
            projectSession_->rebuild(opened);  // showProject again: applied, or asked again if it differs
        }
        (void)box;
    });
    box->open();
}

void MainWindow::applyProject(const OpenedProject& opened) {
    applyingProject_ = true;
    const Project& project = opened.project;
    if (!project.form.data_file.empty()) {  // what a snapshot says until the data have loaded
        projectForm_ = project.form;
        projectDataSha256_ = project.data_sha256;
    }
    results_->clear();
    sweep_->showSweep(project.sweeps.empty() ? nullptr : std::make_shared<const SweepResult>(project.sweeps.back()));
    compare_->showComparison(project.comparisons.empty() ? nullptr : std::make_shared<const ComparisonResult>(project.comparisons.back()));
    for (const auto& [method, values] : project.method_forms) {
        method_->setMethod(QString::fromStdString(method));
        method_->setValues(values);
    }
    method_->setMethod(QString::fromStdString(project.form.method));
    if (!project.form.params.canonical().empty()) method_->setValues(project.form.params);
    for (const ProjectRun& run : project.runs)
        results_->addRun(QString::fromStdString(run.name), std::make_shared<const RunOutcome>(run.outcome), run.config, run.refit);
    runNumber_ = results_->runCount();
    if (project.selected_run >= 0 && project.selected_run < results_->runCount()) results_->selectRun(project.selected_run);
    const bool recovered = opened.file == recoveryFile_ || QFileInfo(opened.file).absolutePath() == QFileInfo(recovery_folder()).absoluteFilePath();
    projectFile_ = recovered ? QString() : opened.file;
    if (!recovered) recentProjects_->add(opened.file);
    if (!project.form.data_file.empty()) {
        cleanAfterLoad_ = true;
        data_->openFileWithSettings(QString::fromStdString(project.form.data_file.string()), project.form);
    }
    applyingProject_ = false;
    autosaveDirty_ = recovered;
    setWindowModified(recovered);  // a restored session is not saved anywhere yet
    updateTitle();
    statusBar()->showMessage(recovered ? tr("Restored the autosaved session: %n run(s). Save it as a project to keep it.", nullptr, results_->runCount())
                                       : tr("Opened project %1").arg(opened.file), 8000);
    emit projectOpened();
}

void MainWindow::newProject() {
    applyingProject_ = true;
    results_->clear();
    sweep_->showSweep(nullptr);
    compare_->showComparison(nullptr);
    runNumber_ = 0;
    applyingProject_ = false;
    projectFile_.clear();
    autosaveDirty_ = false;
    setWindowModified(false);
    updateTitle();
    statusBar()->showMessage(tr("New project: the data and the forms stay, the runs, sweep and comparison are gone."), 5000);
}

bool MainWindow::maybeSaveProject() {
    if (!isWindowModified() || (results_->runCount() == 0 && !sweep_->result() && !compare_->result())) return true;
    QMessageBox box(QMessageBox::Warning, tr("Save the project?"),
                    tr("%1 has runs, sweeps or comparisons that are not saved.").arg(projectName(projectFile_)),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setInformativeText(tr("Save them in a project file to open them again later."));
    box.setDefaultButton(QMessageBox::Save);
    const int answer = box.exec();
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Discard) return true;
    QString file = projectFile_;
    if (file.isEmpty()) {
        file = QFileDialog::getSaveFileName(this, tr("Save the project"), QStringLiteral("project.treelab"), tr("TreeLab projects (*.treelab)"));
        if (file.isEmpty()) return false;
        if (!isProjectFile(file)) file += QStringLiteral(".treelab");
    }
    // Written here, before the window goes: the worker's save would outlive it.
    try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        currentProject().save(file.toStdString());
        QApplication::restoreOverrideCursor();
    } catch (const std::exception& error) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(this, tr("Cannot save the project %1").arg(QFileInfo(file).fileName()), QString::fromStdString(error.what()));
        return false;
    }
    projectFile_ = file;
    recentProjects_->add(file);
    setWindowModified(false);
    return true;
}

void MainWindow::autosave() {
    // Not while a project is being shown: a snapshot then would hold part of it.
    if (applyingProject_ || (results_->runCount() == 0 && !sweep_->result() && !compare_->result())) return;
    if (autosaveSession_->isRunning()) {
        autosavePending_ = true;
        return;
    }
    if (recoveryFile_.isEmpty()) {
        RecoverySlot slot = claim_recovery_slot();
        if (!slot.lock) {
            statusBar()->showMessage(tr("Autosave is off: %1").arg(slot.problem), 10000);
            return;
        }
        recoveryFile_ = slot.file;
        recoveryLock_ = std::move(slot.lock);
    }
    autosaveDirty_ = false;
    autosaveSession_->save(currentProject(), recoveryFile_);
}

void MainWindow::removeRecoveryFile() {
    if (recoveryFile_.isEmpty()) return;
    delete autosaveSession_;  // waits for an autosave going on, which would put the file back
    autosaveSession_ = nullptr;
    recoveryLock_.reset();
    discard_recovery_file(recoveryFile_);
    recoveryFile_.clear();
}

void MainWindow::offerRecovery() {
    auto locks = std::make_shared<std::vector<std::unique_ptr<QLockFile>>>();
    const QStringList orphans = orphaned_recovery_files(*locks);
    if (orphans.isEmpty()) return;
    const QString newest = orphans.first();
    auto* box = new QMessageBox(QMessageBox::Question, tr("Restore your work?"),
                                tr("TreeLab did not close normally. The work it autosaved at %1 can be restored.")
                                    .arg(QLocale().toString(QFileInfo(newest).lastModified(), QLocale::ShortFormat)),
                                QMessageBox::NoButton, this);
    box->setObjectName("offerRecovery");
    box->setInformativeText(orphans.size() > 1 ? tr("%n older autosave(s) will be discarded.", nullptr, int(orphans.size() - 1))
                                               : tr("Discard deletes it."));
    QPushButton* restore = box->addButton(tr("&Restore"), QMessageBox::AcceptRole);
    restore->setObjectName("restore");
    QPushButton* discard = box->addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    discard->setObjectName("discard");
    box->addButton(tr("&Later"), QMessageBox::RejectRole);  // keeps the files for the next start
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, restore, discard, orphans, locks](QAbstractButton* clicked) {
        if (clicked != restore && clicked != discard) return;  // Later: the locks go with the box
        if (clicked == restore) restoreRecovery(orphans.first());
        for (qsizetype i = clicked == restore ? 1 : 0; i < orphans.size(); ++i) discard_recovery_file(orphans[i]);
    });
    box->open();
}

bool MainWindow::restoreRecovery(const QString& file) {
    if (!openProject(file)) return false;
    // The restored work is autosaved to this session's own file once shown; the old file goes
    // only when that autosave is written, so that a crash in between still finds one of them.
    auto opened = std::make_shared<QMetaObject::Connection>();
    *opened = connect(this, &MainWindow::projectOpened, this, [this, file, opened] {
        disconnect(*opened);
        auto written = std::make_shared<QMetaObject::Connection>();
        *written = connect(this, &MainWindow::autosaved, this, [file, written] {
            disconnect(*written);
            discard_recovery_file(file);
        });
        autosave();
    });
    return true;
}

}  // namespace treelab
