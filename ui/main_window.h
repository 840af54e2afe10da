#pragma once
// The workbench window: the data and method panels on the left, the Training, Tree, Sweep and
// Results tabs on the right, a status bar with progress and elapsed time. It wires the panels to
// a TrainingSession (all learning runs in its worker thread) and owns menus, shortcuts, settings
// and file dialogs; the panels own their own widgets.
#include <memory>
#include <string>
#include <optional>

#include <QMainWindow>

#include "app/render/figure_file.h"
#include "core/run/training_run.h"

class QAction;
class QElapsedTimer;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTimer;
class QLockFile;

namespace treelab {

class ComparePanel;
class DataPanel;
class MethodPanel;
class ResultsPanel;
class SweepPanel;
class TrainingPanel;
class EvaluationSession;
class ProjectSession;
class RecentFilesMenu;
struct OpenedProject;
struct ProjectDraft;
class PredictionsWindow;
class TrainingSession;
class TreeCanvas;
class TreeTab;
struct EpochPoint;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // A CSV is read in the background by the data panel (DataPanel::openFile), a .json model file
    // opens as a result (its tree shown, evaluable on the loaded data). Failures show a dialog and
    // keep what was loaded.
    void openFile(const QString& file);
    bool openModel(const QString& file);
    // Writes the selected run's model atomically, as TreeLab's JSON or, given an export format's
    // name ("c", "python", "dot", "onnx": core/export/model_export.h), as that export; false and a dialog on failure.
    bool saveModel(const QString& file, const std::string& format = {});
    // File > Export view without its dialogs: the current tab's figure, composed from the run or
    // sweep it shows (no widget in it), written to `file` (.pdf, .svg or .png by its suffix) at
    // `size` points (empty = natural), a PNG at `dpi`. False and a dialog saying why on failure,
    // or when the tab has no figure.
    bool exportView(const QString& file, QSize size = {}, double dpi = kDefaultPngDpi);
    // Run > Predict on a file without its dialog: the selected run's model predicts every row of
    // `file` in a worker thread, shown in a new window; null (and a dialog) when no run is shown.
    PredictionsWindow* predictFile(const QString& file);
    // Project files (.treelab, core/project/project_file.h): the data file and its settings, each
    // method's form, every run, the last sweep and the last comparison. Open and save work in a
    // worker thread; projectOpened() or projectSaved() follows, or a dialog says why not. A project
    // whose data file moved or changed asks to locate it or to keep the results without it.
    bool openProject(const QString& file);
    bool saveProject(const QString& file);
    void newProject();  // every run, sweep and comparison goes; the data and forms stay
    QString projectFile() const;  // "" while the project has never been saved
    // The recovery files of sessions that did not close (a crash, a kill): the newest is offered
    // for restoring in a non-modal dialog. Called once by main() after the window shows.
    void offerRecovery();
    // Opens a recovery file as an unsaved project (the offer's Restore, without its dialog).
    bool restoreRecovery(const QString& file);
    QString recoveryFile() const;  // where this session autosaves ("" before the first autosave)
    void train();  // refused (with a status message) while a run is going
    // The shown run's model becomes start `start`'s tree (0-based; start_pick.h), in the results
    // list too, so the canvas, metrics and exports show it; nullopt = the run's own tree again.
    void keepStartTree(std::optional<int> start);
    // Edit > Undo of the last keepStartTree on the run shown; false when there is none to undo.
    bool undoKeepStartTree();
    void stop();
    bool isTraining() const;

    DataPanel* dataPanel() const;
    MethodPanel* methodPanel() const;
    TrainingPanel* trainingPanel() const;
    ResultsPanel* resultsPanel() const;
    SweepPanel* sweepPanel() const;
    ComparePanel* comparePanel() const;
    TreeCanvas* treeCanvas() const;
    TreeTab* treeTab() const;
    QTabWidget* tabs() const;

signals:
    void trainingDone();  // finished or failed
    void projectOpened();  // a project or recovery file is shown (its data may still be loading)
    void projectSaved(const QString& file);
    void autosaved(int runs);  // the recovery file now holds `runs` runs

protected:
    // Window shortcuts win over a focused field's own keys (a line edit takes Ctrl+E as "end of
    // line"): their ShortcutOverride is not passed on (see windowShortcuts_).
    bool eventFilter(QObject* watched, QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void connectSession();
    void connectEvaluation();  // the evaluation's result joins the results list
    // The Compare tab's refits join the results list; the Split group's cross-validation runs there.
    void connectCompare();
    void endCrossValidation();
    RunConfig panelsConfig() const;  // the run the data and method panels describe
    void showRun(std::shared_ptr<const RunOutcome> outcome);
    // A sweep's tree: the Tree tab shows it, Save model writes it, and the Training tab says its
    // curves are the Sweep tab's; nothing of the run shown before stays.
    void showSweepModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data);
    void finishRun(std::shared_ptr<const RunOutcome> outcome);
    void saveModelWithDialog();
    // The shown run's model on the loaded data, scored in the EvaluationSession's worker; the
    // result joins the list as a new run.
    void evaluateShownModel();
    void exportCurrentView();
    // The current tab's figure; nullopt with `why` set when it has none.
    std::optional<FigureDrawing> currentFigure(QString& why) const;
    void setTraining(bool running);
    // A warning dialog (and the title in the status bar); `advice` below the message says what now.
    void showError(const QString& title, const QString& message, const QString& advice = QString());
    void saveSettings() const;
    void restoreSettings();
    void buildProjectMenu(QMenu* file);
    void connectProject();
    ProjectDraft currentProject() const;  // what a project file holds, from the panels
    void showProject(std::shared_ptr<OpenedProject> opened);
    void locateDataFile(std::shared_ptr<OpenedProject> opened);  // a moved or changed data file
    void applyProject(const OpenedProject& opened);
    void saveProjectWithDialog(bool askName);
    // Asks to save a modified project before it goes (Save, Discard, Cancel); false = Cancel.
    bool maybeSaveProject();
    void markModified();
    void updateTitle();
    void autosave();  // now, or once the autosave going on has ended
    void removeRecoveryFile();

    DataPanel* data_ = nullptr;
    MethodPanel* method_ = nullptr;
    TrainingPanel* training_ = nullptr;
    TreeTab* treeTab_ = nullptr;
    SweepPanel* sweep_ = nullptr;
    ResultsPanel* results_ = nullptr;
    ComparePanel* compare_ = nullptr;
    bool crossValidating_ = false;  // Train runs the method over the Split group's folds in the Compare tab
    QTabWidget* tabs_ = nullptr;
    QSplitter* mainSplitter_ = nullptr;
    QSplitter* leftSplitter_ = nullptr;
    QPushButton* trainButton_ = nullptr;
    QPushButton* stopButton_ = nullptr;
    QAction* trainAction_ = nullptr;
    QAction* stopAction_ = nullptr;
    QAction* undoAction_ = nullptr;
    QList<QAction*> windowShortcuts_;  // actions whose keys no focused field may take
    int undoRow_ = -1;                 // the results row whose kept tree Edit > Undo restores
    std::optional<int> undoStart_;     // what it restores: that start's tree, or the run's own
    QProgressBar* progress_ = nullptr;
    QLabel* elapsed_ = nullptr;
    QTimer* clock_ = nullptr;
    std::unique_ptr<QElapsedTimer> runTime_;
    TrainingSession* session_ = nullptr;
    EvaluationSession* evaluation_ = nullptr;
    QString evaluationName_;  // the evaluation going on, for its title in the results list
    int runNumber_ = 0;
    QString runMethodLabel_;
    bool phaseShown_ = false;  // the status bar names a learner's preliminary phase (phaseReported)
    RunConfig pendingConfig_;  // the run going on, for its title in the results list
    std::shared_ptr<const RunOutcome> shown_;  // the run whose model File > Save model writes
    ProjectSession* projectSession_ = nullptr;   // the user's saves and opens
    ProjectSession* autosaveSession_ = nullptr;  // autosaves to the recovery file
    RecentFilesMenu* recentProjects_ = nullptr;
    QString projectFile_;
    bool applyingProject_ = false;  // the panels change because a project is shown, not by the user
    bool cleanAfterLoad_ = false;   // the project's data are loading: their arrival is no change
    std::optional<RunConfig> projectForm_;  // and the project's data settings meanwhile
    std::string projectDataSha256_;         // and its data file's digest
    bool autosavePending_ = false;  // something changed while the last autosave was written
    bool autosaveDirty_ = false;    // changes since the last autosave began
    QTimer* autosaveTimer_ = nullptr;
    QString recoveryFile_;
    std::unique_ptr<QLockFile> recoveryLock_;  // held while this session owns recoveryFile_
};

}  // namespace treelab
