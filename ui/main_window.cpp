#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLockFile>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/render/model_figures.h"
#include "app/session/evaluation_session.h"
#include "app/session/training_session.h"
#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/learners/learner.h"
#include "core/run/evaluation.h"
#include "core/run/start_pick.h"
#include "ui/common/value_text.h"
#include "ui/compare/compare_panel.h"
#include "ui/compare/data_set_list.h"
#include "ui/compare/method_choice.h"
#include "ui/common/window_size.h"
#include "ui/data/data_panel.h"
#include "ui/data/recent_files_menu.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/results/run_title.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/training/start_multiples.h"
#include "ui/training/training_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {

namespace {

bool hasSuffix(const QString& file, const char* suffix) { return QFileInfo(file).suffix().compare(suffix, Qt::CaseInsensitive) == 0; }

QString elapsedText(qint64 milliseconds) {
    const qint64 seconds = milliseconds / 1000;
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), runTime_(std::make_unique<QElapsedTimer>()), session_(new TrainingSession(this)),
      evaluation_(new EvaluationSession(this)) {
    setAcceptDrops(true);
    const QScreen* screen = QGuiApplication::primaryScreen();
    resize(default_window_size(screen ? screen->availableGeometry().size() : QSize()));

    data_ = new DataPanel(this);
    method_ = new MethodPanel(this);
    method_->setConfigSource([this]() -> std::optional<RunConfig> {
        if (!data_->hasData()) return std::nullopt;
        RunConfig config;
        data_->applyTo(config);
        return config;
    });

    auto* runBox = new QWidget(this);
    auto* runButtons = new QHBoxLayout(runBox);
    runButtons->setContentsMargins(9, 0, 9, 6);  // close under the method's buttons: the form keeps the room
    trainButton_ = new QPushButton(tr("&Train"), runBox);
    trainButton_->setToolTip(tr("Train the chosen method on the loaded data (Ctrl+R)"));
    trainButton_->setDefault(true);
    stopButton_ = new QPushButton(tr("&Stop"), runBox);
    stopButton_->setToolTip(tr("Stop the run and keep the best model so far (Esc)"));
    stopButton_->setEnabled(false);
    runButtons->addWidget(trainButton_, 1);
    runButtons->addWidget(stopButton_);

    auto* methodBox = new QWidget(this);
    auto* methodLayout = new QVBoxLayout(methodBox);
    methodLayout->setContentsMargins(0, 0, 0, 0);
    methodLayout->addWidget(method_, 1);
    methodLayout->addWidget(runBox);

    leftSplitter_ = new QSplitter(Qt::Vertical, this);
    // The data panel scrolls rather than squeezing the method form when the window is short.
    auto* dataScroll = new QScrollArea(this);
    dataScroll->setWidget(data_);
    dataScroll->setWidgetResizable(true);
    dataScroll->setFrameShape(QFrame::NoFrame);
    dataScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    dataScroll->setMinimumWidth(data_->minimumSizeHint().width() + dataScroll->verticalScrollBar()->sizeHint().width());
    leftSplitter_->addWidget(dataScroll);
    leftSplitter_->addWidget(methodBox);
    leftSplitter_->setStretchFactor(0, 1);
    leftSplitter_->setStretchFactor(1, 1);
    leftSplitter_->setSizes({450, 450});

    training_ = new TrainingPanel(this);
    treeTab_ = new TreeTab(this);
    sweep_ = new SweepPanel(this);
    results_ = new ResultsPanel(this);
    compare_ = new ComparePanel(this);
    tabs_ = new QTabWidget(this);
    tabs_->addTab(training_, tr("Training"));
    tabs_->addTab(treeTab_, tr("Tree"));
    tabs_->addTab(sweep_, tr("Sweep"));
    tabs_->addTab(compare_, tr("Compare"));
    tabs_->addTab(results_, tr("Results"));

    mainSplitter_ = new QSplitter(Qt::Horizontal, this);
    mainSplitter_->addWidget(leftSplitter_);
    mainSplitter_->addWidget(tabs_);
    mainSplitter_->setStretchFactor(0, 2);
    mainSplitter_->setStretchFactor(1, 5);
    mainSplitter_->setSizes({400, 1000});
    setCentralWidget(mainSplitter_);

    progress_ = new QProgressBar(this);
    progress_->setObjectName("trainingProgress");
    progress_->setMaximumWidth(220);
    progress_->setTextVisible(true);
    progress_->hide();
    elapsed_ = new QLabel(this);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(elapsed_);
    clock_ = new QTimer(this);
    clock_->setInterval(250);
    connect(clock_, &QTimer::timeout, this, [this] { elapsed_->setText(elapsedText(runTime_->elapsed())); });

    buildMenus();
    connectProject();
    connectSession();
    connectEvaluation();
    connectCompare();
    connect(trainButton_, &QPushButton::clicked, this, &MainWindow::train);
    connect(stopButton_, &QPushButton::clicked, this, &MainWindow::stop);
    connect(data_, &DataPanel::dataChanged, this, [this] { statusBar()->showMessage(tr("Loaded %1").arg(data_->file()), 5000); });
    connect(results_, &ResultsPanel::runSelected, this, &MainWindow::showRun);
    connect(results_, &ResultsPanel::problem, this, [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    connect(results_, &ResultsPanel::saveModelRequested, this, [this](std::shared_ptr<const RunOutcome> outcome) {
        shown_ = std::move(outcome);
        saveModelWithDialog();
    });
    connect(sweep_, &SweepPanel::modelChosen, this, [this](std::shared_ptr<const ModelFile> model,
                                                          std::shared_ptr<const PreparedData> data) {
        showSweepModel(std::move(model), std::move(data));
        tabs_->setCurrentWidget(treeTab_);
    });
    sweep_->setConfigSource([this]() -> std::optional<RunConfig> {
        if (!data_->hasData() || !method_->isValid()) return std::nullopt;
        return panelsConfig();
    });
    sweep_->setStartCheck([this] { return data_->checkFileUnchanged(); });
    connect(method_, &MethodPanel::methodChanged, sweep_, &SweepPanel::refreshParameters);
    connect(method_, &MethodPanel::valuesChanged, sweep_, &SweepPanel::refreshParameters);  // a schedule's stages
    connect(training_->startMultiples(), &StartMultiples::startPicked, this, [this](int start) { keepStartTree(start); });
    connect(training_->startMultiples(), &StartMultiples::runTreeRequested, this, [this] { keepStartTree(std::nullopt); });
    qApp->installEventFilter(this);
    setTraining(false);
    restoreSettings();
    statusBar()->showMessage(tr("Open a CSV file (File > Open, a shipped data set, or drop it here)."));
}

MainWindow::~MainWindow() { removeRecoveryFile(); }  // a session that ends normally leaves nothing to recover

DataPanel* MainWindow::dataPanel() const { return data_; }
MethodPanel* MainWindow::methodPanel() const { return method_; }
TrainingPanel* MainWindow::trainingPanel() const { return training_; }
ResultsPanel* MainWindow::resultsPanel() const { return results_; }
TreeCanvas* MainWindow::treeCanvas() const { return treeTab_->canvas(); }

TreeTab* MainWindow::treeTab() const { return treeTab_; }
SweepPanel* MainWindow::sweepPanel() const { return sweep_; }
ComparePanel* MainWindow::comparePanel() const { return compare_; }
QTabWidget* MainWindow::tabs() const { return tabs_; }

bool MainWindow::isTraining() const { return session_->isRunning() || crossValidating_; }

void MainWindow::openFile(const QString& file) {
    if (hasSuffix(file, "json")) openModel(file);
    else if (hasSuffix(file, "treelab")) openProject(file);
    else data_->openFile(file);
}

void MainWindow::connectSession() {
    connect(session_, &TrainingSession::progressed, this, [this](int step, int total) {
        progress_->setRange(0, total > 0 ? total : 0);
        progress_->setValue(step);
        progress_->setFormat(total > 0 ? tr("epoch %v / %m") : tr("step %v"));
    });
    connect(session_, &TrainingSession::phaseReported, this, [this](const QString& phase, int step, int total) {
        progress_->setRange(0, total > 0 ? total : 0);
        progress_->setValue(step);
        progress_->setFormat(total > 0 ? tr("epoch %v / %m") : tr("step %v"));
        statusBar()->showMessage(tr("Training %1 on %2: %3…").arg(runMethodLabel_, QFileInfo(data_->file()).fileName(), phase));
        training_->showPhase(phase, step, total);
        phaseShown_ = true;
    });
    connect(session_, &TrainingSession::epochReported, this, [this](const EpochPoint& point) {
        if (phaseShown_) {  // the phase is over: the fit the run reports has begun
            statusBar()->showMessage(tr("Training %1 on %2…").arg(runMethodLabel_, QFileInfo(data_->file()).fileName()));
            phaseShown_ = false;
        }
        // An online run's periods are evaluations, each after so many loss queries (DGT-Bandit).
        if (point.loss_queries >= 0) progress_->setFormat(tr("evaluation %v / %m, %1 queries").arg(point.loss_queries));
        // Starts that train at once: the bar counts every start's epochs (TrainingSession::progressed).
        else if (point.starts > 1) progress_->setFormat(tr("%v / %m epochs, %1 starts").arg(point.starts));
        training_->addEpoch(point);
        // The scrubber records the tree and, while it sits on the newest one, shows it live.
        treeTab_->scrubber()->addSnapshot(point);
    });
    connect(session_, &TrainingSession::finished, this, &MainWindow::finishRun);
    connect(session_, &TrainingSession::failed, this, [this](const QString& message) {
        setTraining(false);
        showRun(shown_);  // the run selected before, whose tree the failed run's start took away
        showError(tr("Training failed"), message);
        emit trainingDone();
    });
}

void MainWindow::connectCompare() {
    compare_->methods()->setParamsSource([this](const QString& method) { return method_->valuesOf(method); });
    compare_->dataSets()->setLoadedSource([this]() -> std::optional<RunConfig> {
        if (!data_->hasData()) return std::nullopt;
        RunConfig config;
        data_->applyTo(config);
        return config;
    });
    compare_->dataSets()->setRecentSource([this] {
        const auto* recent = qobject_cast<const RecentFilesMenu*>(data_->recentFilesMenu());
        return recent ? recent->files() : QStringList();
    });
    compare_->setStartCheck([this](const ComparisonConfig& comparison) { return data_->checkFileUnchanged(comparison.data_sets); });
    connect(data_, &DataPanel::dataChanged, compare_->dataSets(), &DataSetList::refreshLoaded);
    connect(data_, &DataPanel::settingsChanged, compare_->dataSets(), &DataSetList::refreshLoaded);
    connect(compare_, &ComparePanel::refitted, this,
            [this](std::shared_ptr<const RunOutcome> outcome, const RunConfig& config, const RefitSource& source, const QString& note,
                   bool crossValidation) {
                ++runNumber_;
                const QString name = tr("%1, %2").arg(run_title(runNumber_, config), note);
                results_->addRun(name, std::move(outcome), std::nullopt, source);  // selects it, which shows its curves and tree
                if (crossValidation && crossValidating_) {
                    // The per-fold scores stay in the Compare tab; the Training tab shows the refit's curves.
                    statusBar()->showMessage(tr("%1: per-fold scores in the Compare tab").arg(name));
                    endCrossValidation();
                } else {
                    tabs_->setCurrentWidget(treeTab_);
                }
            });
    connect(compare_, &ComparePanel::comparisonFinished, this, [this] {
        if (crossValidating_ && !compare_->isRefitting()) endCrossValidation();  // stopped or failed: no refit
    });
    connect(compare_, &ComparePanel::refitEnded, this, [this] {
        if (crossValidating_) endCrossValidation();
    });
}

void MainWindow::endCrossValidation() {
    crossValidating_ = false;
    setTraining(false);
    emit trainingDone();
}

void MainWindow::train() {
    if (session_->isRunning() || crossValidating_) {
        statusBar()->showMessage(tr("A run is still going: stop it first (Esc)."), 5000);
        return;
    }
    if (const QString problem = data_->problem(); !problem.isEmpty()) {
        showError(tr("Cannot train yet"), problem);
        return;
    }
    if (!data_->checkFileUnchanged()) return;
    if (!method_->isValid()) {
        showError(tr("Invalid hyperparameters"),
                  tr("Fix the fields flagged in red in the method panel before training."));
        return;
    }
    const RunConfig config = panelsConfig();
    try {
        check_run_config(config);  // what treelab-cli refuses with exit code 2, refused before a worker starts
    } catch (const Error& error) {
        showError(tr("Cannot train with these settings"), QString::fromStdString(error.what()));
        return;
    }
    const LearnerInfo& learner = find_learner(config.method);
    runMethodLabel_ = QString::fromStdString(learner.label);
    pendingConfig_ = config;
    if (const std::optional<Resampling> folds = data_->crossValidation()) {
        // A one-method comparison: the folds' scores in the Compare tab, the refit on all rows as the run.
        ComparisonConfig comparison;
        comparison.data_sets = {config};
        comparison.contenders = {Contender{config.method, config.params, learner.label}};
        comparison.resampling = *folds;
        comparison.seed = resolved_split_seed(config);
        if (!compare_->runConfig(comparison, true)) return;
        crossValidating_ = true;
        setTraining(true);
        tabs_->setCurrentWidget(compare_);
        statusBar()->showMessage(tr("Cross-validating %1 on %2 (%3)…")
                                     .arg(runMethodLabel_, QFileInfo(data_->file()).fileName(), QString::fromStdString(resampling_text(*folds))));
        return;
    }
    if (!session_->start(config)) return;
    training_->startRun(runMethodLabel_);
    treeTab_->startRun();
    setTraining(true);
    phaseShown_ = false;
    statusBar()->showMessage(tr("Training %1 on %2…").arg(runMethodLabel_, QFileInfo(data_->file()).fileName()));
}

RunConfig MainWindow::panelsConfig() const {
    RunConfig config;
    data_->applyTo(config);
    method_->applyTo(config);
    return config;
}

void MainWindow::stop() {
    if (crossValidating_) {
        compare_->stop();
        statusBar()->showMessage(tr("Stopping: the folds finished so far are kept in the Compare tab…"));
        return;
    }
    if (!session_->isRunning()) return;
    session_->requestStop();
    statusBar()->showMessage(tr("Stopping: the best model so far is kept…"));
}

void MainWindow::finishRun(std::shared_ptr<const RunOutcome> outcome) {
    setTraining(false);
    ++runNumber_;
    const QString name = run_title(runNumber_, pendingConfig_);
    results_->addRun(name, outcome, pendingConfig_);  // selects it, which shows it
    QString message = tr("%1 finished in %2").arg(name, durationText(outcome->train_seconds));
    if (outcome->stopped_early) message += tr(" (stopped; best model so far kept)");
    statusBar()->showMessage(message);
    if (outcome->diverged)
        showError(tr("The run diverged"),
                  tr("%1 hit a non-finite loss and stopped; the best model before that is kept. "
                     "Try a smaller learning rate.").arg(name));
    emit trainingDone();
}

void MainWindow::keepStartTree(std::optional<int> start) {
    if (!shown_) return;
    auto changed = std::make_shared<RunOutcome>(*shown_);
    try {
        if (start) keep_start_tree(*changed, *start);
        else keep_run_tree(*changed);
    } catch (const Error& error) {
        showError(tr("Cannot keep that tree"), QString::fromStdString(error.what()));
        return;
    }
    const std::optional<int> before = shown_->picked ? std::optional<int>(shown_->picked->start) : std::nullopt;
    const int row = results_->rowOf(shown_.get());
    // The results list holds the run (Save model and the detail view read it from there); a
    // replaced current row is shown again, which shows it here.
    if (!results_->replaceRun(row, changed) || shown_ != changed) showRun(changed);
    undoRow_ = row;
    undoStart_ = before;
    undoAction_->setEnabled(row >= 0);
    undoAction_->setText(start ? tr("&Undo keeping start %1's tree").arg(*start + 1) : tr("&Undo going back to the run's tree"));
    statusBar()->showMessage(start ? tr("Showing the tree of start %1 (kept); \"Back to the run's tree\" or Edit > Undo returns to the run's choice.").arg(*start + 1)
                                   : tr("Showing the run's own tree again."),
                             8000);
}

bool MainWindow::undoKeepStartTree() {
    if (undoRow_ < 0 || !shown_ || results_->rowOf(shown_.get()) != undoRow_) return false;
    const std::optional<int> start = undoStart_;
    keepStartTree(start);
    undoRow_ = -1;  // one step back; the undone keep is not redone
    undoAction_->setEnabled(false);
    undoAction_->setText(tr("&Undo"));
    return true;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != this) return false;
    const QKeySequence pressed(static_cast<QKeyEvent*>(event)->keyCombination());
    for (const QAction* action : std::as_const(windowShortcuts_))
        if (action->isEnabled() && action->shortcuts().contains(pressed)) return true;  // not accepted: the shortcut fires
    return false;
}

void MainWindow::showRun(std::shared_ptr<const RunOutcome> outcome) {
    shown_ = outcome;
    if (results_->rowOf(outcome.get()) != undoRow_ || !outcome) {  // the undo belonged to another run
        undoRow_ = -1;
        undoAction_->setEnabled(false);
        undoAction_->setText(tr("&Undo"));
    }
    if (!outcome) {
        const int row = results_->currentRow();
        training_->showNoCurves(row >= 0 && !results_->isInMemory(row) ? tr("Reading %1 back from disk…").arg(results_->runName(row))
                                                                       : tr("Train a model to see its curves here."));
        treeTab_->showRun(nullptr);
        return;
    }
    training_->showOutcome(*outcome);
    treeTab_->showRun(std::move(outcome));
}

void MainWindow::showSweepModel(std::shared_ptr<const ModelFile> model, std::shared_ptr<const PreparedData> data) {
    if (!model) return;
    auto outcome = std::make_shared<RunOutcome>();
    outcome->model = *model;
    outcome->data = data;
    shown_ = std::move(outcome);
    undoRow_ = -1;
    undoAction_->setEnabled(false);
    training_->showNoCurves(tr("The Tree tab shows a tree of the sweep (%1): a sweep records no training curves; "
                               "the Sweep tab plots its scores.").arg(QString::fromStdString(model_title(*model))));
    treeTab_->showModel(std::move(model), std::move(data));
}

void MainWindow::setTraining(bool running) {
    trainButton_->setEnabled(!running);
    stopButton_->setEnabled(running);
    trainAction_->setEnabled(!running);
    stopAction_->setEnabled(running);
    progress_->setVisible(running);
    if (running) {
        progress_->setRange(0, 0);
        runTime_->start();
        elapsed_->setText(elapsedText(0));
        clock_->start();
    } else {
        clock_->stop();
    }
}

void MainWindow::showError(const QString& title, const QString& message, const QString& advice) {
    statusBar()->showMessage(title, 5000);
    // open(), not exec(): the window stays responsive and nothing waits on a nested event loop.
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setInformativeText(advice);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSaveProject()) {
        event->ignore();
        return;
    }
    saveSettings();
    session_->requestStop();
    compare_->stop();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openFile(urls.first().toLocalFile());
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    settings.setValue("window/mainSplitter", mainSplitter_->saveState());
    settings.setValue("window/leftSplitter", leftSplitter_->saveState());
    settings.setValue("window/tab", tabs_->currentIndex());
    settings.setValue("projects/recent", recentProjects_->files());
    data_->saveSettings(settings);
    method_->saveSettings(settings);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
    mainSplitter_->restoreState(settings.value("window/mainSplitter").toByteArray());
    leftSplitter_->restoreState(settings.value("window/leftSplitter").toByteArray());
    tabs_->setCurrentIndex(settings.value("window/tab", 0).toInt());
    recentProjects_->setFiles(settings.value("projects/recent").toStringList());
    data_->restoreSettings(settings);
    method_->restoreSettings(settings);
}

}  // namespace treelab
