#pragma once
// Older runs kept on disk, so that a long workbench session's memory stays bounded: a run's
// stored part (project_session.h: model, starts, recorded trees, history, scores) goes to a file
// of its own in a folder private to the session, and in memory the run keeps only its row in
// the results list, its metrics and its prepared data (shared with the runs prepared alike).
// Showing it again reads the file back and rebuilds its test predictions, probabilities and
// pruning curve, as opening a project does (project_views.h). Files are written and read on a
// pool thread, never the GUI's.
#include <filesystem>
#include <memory>

#include <QObject>
#include <QString>

#include "core/run/training_run.h"

namespace treelab {

// One run's file; removed when the last reference goes (the run was deleted or is in memory for
// good).
class SpilledRun {
public:
    explicit SpilledRun(std::filesystem::path file) : file_(std::move(file)) {}
    SpilledRun(const SpilledRun&) = delete;
    SpilledRun& operator=(const SpilledRun&) = delete;
    ~SpilledRun();

    // The stored part as written, without data; throws ProjectFileError when the file is damaged.
    RunOutcome read() const;

private:
    std::filesystem::path file_;
};

class RunSpill : public QObject {
    Q_OBJECT
public:
    explicit RunSpill(QObject* parent = nullptr);
    ~RunSpill() override;  // waits for the files being written or read; the folder goes with it

    // Writes `whole`'s stored part to a new file; `written` follows (or `failed`, and the run
    // stays in memory).
    void write(std::shared_ptr<const RunOutcome> whole);
    // Reads `file` back and scores it again on `data` (none: a model opened from a file and not
    // evaluated); `restored` follows.
    void restore(std::shared_ptr<const SpilledRun> file, std::shared_ptr<const PreparedData> data);

signals:
    void written(std::shared_ptr<const treelab::RunOutcome> whole, std::shared_ptr<const treelab::SpilledRun> file);
    void restored(std::shared_ptr<const treelab::SpilledRun> file, std::shared_ptr<const treelab::RunOutcome> whole);
    void failed(const QString& message);

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
