#pragma once
// The Compare tab's data sets: the one loaded in the data panel (checked by default, with the data
// panel's target and preparation), and any added from the shipped data sets, the recent files or a
// file dialog, each with its own target (chosen from the file's first lines as the data panel
// chooses, core/data/column_summary.h; changeable). Every data set is prepared as the data panel says (scaling,
// encoding, seeds).
#include <functional>
#include <optional>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "core/run/run_config.h"

class QMenu;
class QPushButton;
class QTableWidget;

namespace treelab {

class DataSetList : public QWidget {
    Q_OBJECT
public:
    explicit DataSetList(QWidget* parent = nullptr);

    // The loaded data set as the data panel describes it (file, target, preparation); nullopt = none.
    void setLoadedSource(std::function<std::optional<RunConfig>()> source);
    // Files offered under Add: the recent ones, newest first.
    void setRecentSource(std::function<QStringList()> source);
    void refreshLoaded();  // the data panel loaded another file or changed its target

    // Adds `file` with `target` (empty = the column TreeLab would choose); true when added.
    // False with a dialog when its first lines cannot be read.
    bool addFile(const QString& file, const QString& target = {});
    // The checked data sets: the loaded one first; method and parameters not set.
    std::vector<RunConfig> checkedDataSets() const;
    QStringList checkedNames() const;  // file names, as the result tables name them
    QTableWidget* table() const;       // objectName "compareDataSets"

signals:
    void changed();

private:
    void fillAddMenu();

    QTableWidget* table_ = nullptr;
    QPushButton* add_ = nullptr;
    QPushButton* remove_ = nullptr;
    QMenu* addMenu_ = nullptr;
    std::function<std::optional<RunConfig>()> loadedSource_;
    std::function<QStringList()> recentSource_;
};

}  // namespace treelab
