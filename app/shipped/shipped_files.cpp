#include "app/shipped/shipped_files.h"

#include <QCoreApplication>
#include <QDir>

namespace treelab {

QString shipped_datasets_folder(const QString& program_folder) {
    // Installed, then data beside bin/ or beside the program, then the source tree the program was built from.
    for (const QString& candidate : {program_folder + QStringLiteral("/../share/treelab/datasets"), program_folder + QStringLiteral("/../datasets"),
                                     program_folder + QStringLiteral("/datasets"), QStringLiteral(TREELAB_SOURCE_DIR "/datasets")}) {
        const QDir folder(candidate);
        if (folder.exists() && !folder.entryList({QStringLiteral("*.csv")}, QDir::Files).isEmpty()) return folder.canonicalPath();
    }
    return {};
}

QString shipped_datasets_folder() { return shipped_datasets_folder(QCoreApplication::applicationDirPath()); }

}  // namespace treelab
