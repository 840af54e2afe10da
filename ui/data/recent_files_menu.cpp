#include "ui/data/recent_files_menu.h"

#include <QDir>
#include <QFileInfo>

namespace treelab {

RecentFilesMenu::RecentFilesMenu(const QString& title, QWidget* parent) : QMenu(title, parent) {
    setToolTipsVisible(true);  // the full path of each file
    rebuild();
}

void RecentFilesMenu::add(const QString& file) {
    QStringList files = files_;
    const QString path = QFileInfo(file).absoluteFilePath();
    files.removeAll(path);
    files.prepend(path);
    setFiles(files);
}

void RecentFilesMenu::setFiles(const QStringList& files) {
    files_.clear();
    for (const QString& file : files)
        if (!file.isEmpty() && !files_.contains(file) && files_.size() < maxFiles) files_.append(file);
    rebuild();
}

QStringList RecentFilesMenu::files() const { return files_; }

void RecentFilesMenu::rebuild() {
    clear();
    if (files_.isEmpty()) {
        addAction(tr("(no recent files)"))->setEnabled(false);
        return;
    }
    for (int k = 0; k < files_.size(); ++k) {
        const QString file = files_[k];
        // "&1 glass.csv": keyboard accelerators 1-9 and 0 for the tenth, as desktop apps number them.
        QAction* action = addAction(QStringLiteral("&%1 %2").arg((k + 1) % 10).arg(QFileInfo(file).fileName()));
        action->setToolTip(QDir::toNativeSeparators(file));
        action->setStatusTip(QDir::toNativeSeparators(file));
        connect(action, &QAction::triggered, this, [this, file] { emit fileChosen(file); });
    }
    addSeparator();
    addAction(tr("Clear list"), this, [this] { setFiles({}); });
}

}  // namespace treelab
