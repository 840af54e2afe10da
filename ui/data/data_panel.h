#pragma once
// The data panel: open a CSV (dialog, drag-and-drop on the window, recent files, shipped data
// sets), preview it (first rows, column types, missing counts, class balance or target
// histogram), choose the CSV format (delimiter, decimal, encoding: Auto or given), the target and
// the task; below them the PreparationForm (preprocessing and split), then how cells are read
// (thousands separators, percentages, dates: Auto or given). A change of CSV format reads the file
// again in the background with it; a change of cell reading re-plans the columns of the table loaded.
// Files are read in a worker thread (LoadingSession) with a progress bar and Cancel in the panel;
// the data set loaded before stays shown until the new file has been read completely, and also
// after a cancelled read or one that failed, whose message (file, line, column) shows in a dialog.
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "core/data/cross_validation_folds.h"

#include "core/data/table.h"
#include "core/run/run_config.h"

class QMenu;
class QSettings;

namespace treelab {

struct LoadedTable;

class DataPanel : public QWidget {
    Q_OBJECT
public:
    explicit DataPanel(QWidget* parent = nullptr);
    ~DataPanel() override;

    // Starts reading `file` in the background and returns at once; a read going on is stopped
    // and this file read instead. When the whole file has read it replaces the data shown
    // (dataChanged) and joins the recent list; on failure a non-modal QMessageBox (child of this
    // panel) shows the core's message and the previous data stay. loadEnded() follows either way.
    void openFile(const QString& file);
    // The same, read with the CSV format `settings` gives (delimiter, decimal, encoding; detected
    // where 0 or empty) and its cell reading chosen, and once read the target, task and preparation
    // of `settings` set (setFrom) before dataChanged: a project's data as it was saved.
    void openFileWithSettings(const QString& file, const RunConfig& settings);
    void openWithDialog();  // QFileDialog starting in the last folder
    void cancelLoad();      // the read going on stops; the data shown stay
    bool isLoading() const;  // from openFile() until loadEnded()

    bool hasData() const;
    // Why a run cannot start from this panel ("no data", a split that does not add up to 1, a
    // target the task cannot use); empty when it can.
    QString problem() const;
    QString file() const;
    const Table& table() const;
    std::shared_ptr<const LoadedTable> loadedTable() const;  // the file shown as it was read; null without data

    // True when the file shown is on disk as it was read. Otherwise (it changed, or is gone) a
    // window-modal dialog offers "Reload the data" or "Cancel" and this returns false: the caller
    // starts nothing, so a run never trains on other data than the panel shows. Asked before
    // Train, a sweep, or a comparison of the data shown.
    bool checkFileUnchanged();
    // The same when one of `dataSets` reads the file shown (a comparison); true otherwise.
    bool checkFileUnchanged(const std::vector<RunConfig>& dataSets);

    // Writes data_file, the CSV format the data shown were read with (delimiter, decimal and
    // encoding given, 0 or empty where detected), the cell reading chosen, target, task and the
    // PreparationForm's choices.
    void applyTo(RunConfig& config) const;
    // The reverse, for a saved model's run card or "re-apply configuration" (what is known is set;
    // not the CSV format, which belongs to the file shown and changes only by the user's choice).
    void setFrom(const RunConfig& config);
    // The Split group's cross-validation choice; nullopt for a holdout split (PreparationForm).
    std::optional<Resampling> crossValidation() const;

    QMenu* recentFilesMenu() const;      // File → Open recent
    QMenu* shippedDatasetsMenu() const;  // File → Shipped data sets (datasets/*.csv)

    // Recent files, last folder and the choices of the panel (not the data itself).
    void saveSettings(QSettings& settings) const;
    void restoreSettings(const QSettings& settings);

signals:
    void dataChanged();      // a new file was loaded
    void loadEnded();        // the last file asked for has loaded, failed or been cancelled
    // The target's class balance or histogram (or why it cannot be the target) is shown for the
    // current choice of target and task, summarised in a worker thread.
    void targetShown();
    void settingsChanged();  // target, task, cell reading or a choice of the PreparationForm changed

private:
    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace treelab
