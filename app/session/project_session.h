#pragma once
// Saves and opens project files (core/project/project_file.h) in a worker thread, as the other
// sessions train and read: a project with many runs takes a while to write, and opening one
// prepares its data again to rebuild the views (project_views.h). One job at a time per session;
// the workbench keeps one session for the user's saves and opens and one for autosaves.
#include <functional>
#include <memory>
#include <vector>

#include <QObject>
#include <QString>

#include "app/session/worker_thread.h"
#include "core/project/project_file.h"

namespace treelab {

// A project file read back, with what became of its data file and whether the views that need
// the data were rebuilt.
struct OpenedProject {
    QString file;
    Project project;
    DataFileState data_state = DataFileState::NoData;
    bool views_rebuilt = false;
    QString rebuild_problem;  // why the data could not be prepared again ("" when they were or were not tried)
};

// A project whose runs' stored parts are still to be gathered: from memory, or read from the
// files of runs kept on disk (run_spill.h), which is a worker's job.
struct ProjectDraft {
    std::shared_ptr<Project> project;  // every run's outcome still empty
    std::vector<std::function<RunOutcome()>> run_outcomes;  // the stored part of each of project->runs
    // Writes it (save_project) gathering one run at a time, so that the runs on disk are never
    // all in memory together; throws what writing it or reading a run's file throws.
    void save(const std::filesystem::path& file) const;
};

class ProjectSession : public QObject {
    Q_OBJECT
public:
    explicit ProjectSession(QObject* parent = nullptr);
    ~ProjectSession() override;  // waits for a running job

    // Writes `draft` to `file` (atomically); false while a job is still going.
    bool save(ProjectDraft draft, const QString& file);
    // Reads `file` and, when its data file is unchanged, rebuilds its views.
    bool open(const QString& file);
    // After the user located a moved or changed data file (relocate_data_file): the views again.
    bool rebuild(std::shared_ptr<OpenedProject> opened);
    bool isRunning() const;

signals:
    void saved(const QString& file, int runs);
    void saveFailed(const QString& file, const QString& message);
    void opened(std::shared_ptr<treelab::OpenedProject> opened);
    void openFailed(const QString& file, const QString& message);

private:
    WorkerThread worker_;
};

// The part of `outcome` a project stores: everything but what project_views.h rebuilds.
RunOutcome stored_part(const RunOutcome& outcome);

}  // namespace treelab
