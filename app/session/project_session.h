#pragma once
// Saves and opens project files (core/project/project_file.h) in a worker thread, as the other
// sessions train and read: a project with many runs takes a while to write, and opening one
// prepares its data again to rebuild the views (project_views.h). One job at a time per session;
// the workbench keeps one session for the user's saves and opens and one for autosaves.
#include <memory>

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

class ProjectSession : public QObject {
    Q_OBJECT
public:
    explicit ProjectSession(QObject* parent = nullptr);
    ~ProjectSession() override;  // waits for a running job

    // Writes `project` to `file` (atomically), first filling its data_sha256 from the data file
    // when it is empty; false while a job is still going.
    bool save(std::shared_ptr<Project> project, const QString& file);
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
    // The last data file hashed, so that autosaves do not read a large file every time.
    struct Digest;
    std::shared_ptr<Digest> digest_;
};

// The part of `outcome` a project stores: everything but what project_views.h rebuilds.
RunOutcome stored_part(const RunOutcome& outcome);

}  // namespace treelab
