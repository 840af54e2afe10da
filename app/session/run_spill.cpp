#include "app/session/run_spill.h"

#include <atomic>
#include <exception>
#include <system_error>

#include <QDir>
#include <QLockFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>

#include "app/session/project_session.h"
#include "core/project/project_file.h"

namespace treelab {

namespace {

constexpr int kRestorePriority = 1;  // ahead of queued writes: the user is waiting for it

QString spill_root() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).filePath(QStringLiteral("runs-on-disk"));
}

// The template of this session's folder, its parent made first (QTemporaryDir makes only the last
// part of the path).
QString session_folder_template() {
    QDir().mkpath(spill_root());
    return QDir(spill_root()).filePath(QStringLiteral("session-XXXXXX"));
}

// Folders of sessions that ended without removing theirs (a crash, a kill): their lock is stale.
// A folder without its lock yet is one a session is making.
void remove_orphaned_folders(const QString& root) {
    for (const QFileInfo& info : QDir(root).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString lockFile = QDir(info.absoluteFilePath()).filePath(QStringLiteral("lock"));
        if (!QFileInfo::exists(lockFile)) continue;
        QLockFile lock(lockFile);
        if (!lock.tryLock(0)) continue;  // a running session's
        lock.unlock();
        QDir(info.absoluteFilePath()).removeRecursively();
    }
}

}  // namespace

SpilledRun::~SpilledRun() {
    std::error_code ignored;  // a folder removed with its session already took the file
    std::filesystem::remove(file_, ignored);
}

RunOutcome SpilledRun::read() const { return load_project(file_).runs.at(0).outcome; }

struct RunSpill::Parts {
    QThreadPool pool;  // one thread: files are written in the order runs leave memory
    QTemporaryDir folder{session_folder_template()};
    std::unique_ptr<QLockFile> lock;
    std::atomic_int next{0};
};

RunSpill::RunSpill(QObject* parent) : QObject(parent), parts_(std::make_unique<Parts>()) {
    parts_->pool.setMaxThreadCount(1);
    remove_orphaned_folders(spill_root());
    if (parts_->folder.isValid()) {
        parts_->lock = std::make_unique<QLockFile>(parts_->folder.filePath(QStringLiteral("lock")));
        parts_->lock->tryLock(0);
    }
}

RunSpill::~RunSpill() {
    parts_->pool.clear();
    parts_->pool.waitForDone();
}

void RunSpill::write(std::shared_ptr<const RunOutcome> whole) {
    if (!parts_->folder.isValid()) {
        emit failed(tr("Older runs stay in memory: no folder for them in %1 (%2)").arg(spill_root(), parts_->folder.errorString()));
        return;
    }
    const QString file = parts_->folder.filePath(QStringLiteral("run-%1.treelab").arg(parts_->next++));
    parts_->pool.start([this, whole = std::move(whole), file] {
        try {
            Project project;
            project.runs.push_back({{}, std::nullopt, stored_part(*whole)});
            save_project(project, file.toStdString());
            auto spilled = std::make_shared<const SpilledRun>(file.toStdString());
            QMetaObject::invokeMethod(this, [this, whole, spilled] { emit written(whole, spilled); }, Qt::QueuedConnection);
        } catch (const std::exception& error) {
            const QString message = tr("An older run stays in memory: %1").arg(QString::fromStdString(error.what()));
            QMetaObject::invokeMethod(this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
        }
    });
}

void RunSpill::restore(std::shared_ptr<const SpilledRun> file, std::shared_ptr<const PreparedData> data) {
    parts_->pool.start(
        [this, file = std::move(file), data = std::move(data)] {
            try {
                RunOutcome outcome = file->read();
                outcome.data = data;
                if (outcome.data) {
                    score_model(outcome, *outcome.data);
                    add_pruning_curve(outcome);
                }
                auto whole = std::make_shared<const RunOutcome>(std::move(outcome));
                QMetaObject::invokeMethod(this, [this, file, whole] { emit restored(file, whole); }, Qt::QueuedConnection);
            } catch (const std::exception& error) {
                const QString message = tr("The run could not be read back from disk: %1").arg(QString::fromStdString(error.what()));
                QMetaObject::invokeMethod(this, [this, message] { emit failed(message); }, Qt::QueuedConnection);
            }
        },
        kRestorePriority);
}

}  // namespace treelab
