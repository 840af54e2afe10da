#pragma once
// Where the workbench autosaves its project for crash recovery: one file per running session in
// the user's data folder (QStandardPaths::AppLocalDataLocation/recovery), each with a QLockFile
// held while the session lives. A recovery file whose lock is gone or stale (its process no
// longer runs: a crash, a kill, a power cut) is an orphan the next start offers to restore.
#include <memory>
#include <vector>

#include <QLockFile>
#include <QString>
#include <QStringList>

namespace treelab {

QString recovery_folder();

// A recovery file name of this process, with its lock held; null lock when the folder cannot be
// made or locked (autosave is then off, and the reason is `problem`).
struct RecoverySlot {
    QString file;
    std::unique_ptr<QLockFile> lock;
    QString problem;
};
RecoverySlot claim_recovery_slot();

// Orphaned recovery files, newest first. Each returned file's lock is taken over by `locks`, so
// that another TreeLab starting meanwhile does not offer the same file.
QStringList orphaned_recovery_files(std::vector<std::unique_ptr<QLockFile>>& locks);

// Removes a recovery file, its lock file and the temporary files an interrupted write left.
void discard_recovery_file(const QString& file);

}  // namespace treelab
