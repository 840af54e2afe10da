#include "app/session/recovery_files.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace treelab {

namespace {

QString lock_of(const QString& file) { return file + QStringLiteral(".lock"); }

std::unique_ptr<QLockFile> lock_file(const QString& file) {
    auto lock = std::make_unique<QLockFile>(lock_of(file));
    lock->setStaleLockTime(0);  // stale only when its process is gone, however long a session lasts
    return lock;
}

}  // namespace

QString recovery_folder() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).filePath(QStringLiteral("recovery"));
}

RecoverySlot claim_recovery_slot() {
    RecoverySlot slot;
    const QString folder = recovery_folder();
    if (!QDir().mkpath(folder)) {
        slot.problem = QCoreApplication::translate("treelab", "cannot make the folder %1").arg(folder);
        return slot;
    }
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    slot.file = QDir(folder).filePath(QStringLiteral("session-%1-%2.treelab").arg(stamp).arg(QCoreApplication::applicationPid()));
    slot.lock = lock_file(slot.file);
    if (!slot.lock->tryLock(0)) {
        slot.problem = QCoreApplication::translate("treelab", "cannot lock %1").arg(lock_of(slot.file));
        slot.lock.reset();
    }
    return slot;
}

QStringList orphaned_recovery_files(std::vector<std::unique_ptr<QLockFile>>& locks) {
    QDir folder(recovery_folder());
    QFileInfoList found = folder.entryInfoList({QStringLiteral("session-*.treelab")}, QDir::Files, QDir::Time);
    QStringList orphans;
    for (const QFileInfo& info : found) {
        std::unique_ptr<QLockFile> lock = lock_file(info.absoluteFilePath());
        if (!lock->tryLock(0)) continue;  // its session still runs
        orphans << info.absoluteFilePath();
        locks.push_back(std::move(lock));
    }
    return orphans;
}

void discard_recovery_file(const QString& file) {
    const QFileInfo info(file);
    QDir folder = info.absoluteDir();
    for (const QString& temp : folder.entryList({QStringLiteral(".%1.*.tmp").arg(info.fileName())}, QDir::Files | QDir::Hidden))
        folder.remove(temp);
    QFile::remove(file);
    QFile::remove(lock_of(file));
}

}  // namespace treelab
