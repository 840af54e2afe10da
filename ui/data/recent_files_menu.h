#pragma once
// File → Open recent: the last files opened, newest first, each once, at most maxFiles.
#include <QMenu>
#include <QStringList>

namespace treelab {

class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    static constexpr int maxFiles = 10;

    explicit RecentFilesMenu(const QString& title, QWidget* parent = nullptr);

    void add(const QString& file);  // moves it to the front; the oldest beyond maxFiles drop out
    void setFiles(const QStringList& files);
    QStringList files() const;

signals:
    void fileChosen(const QString& file);

private:
    void rebuild();

    QStringList files_;
};

}  // namespace treelab
