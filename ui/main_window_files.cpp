// MainWindow's menus and the actions that read or write files: open a model, save it, evaluate it
// on the loaded data (the current view's export is in main_window_export.cpp).
#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>

#include "app/session/evaluation_session.h"
#include "app/render/model_figures.h"
#include "app/session/training_session.h"
#include "core/export/model_export.h"
#include "core/model/model_file.h"
#include "ui/common/model_file_types.h"
#include "ui/data/data_panel.h"
#include "ui/help/about_dialog.h"
#include "ui/help/context_help.h"
#include "ui/main_window.h"
#include "ui/predict/predictions_window.h"
#include "ui/results/results_panel.h"
#include "ui/tree/tree_tab.h"

namespace treelab {

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    buildProjectMenu(file);
    file->addAction(tr("&Open CSV…"), QKeySequence::Open, data_, &DataPanel::openWithDialog);
    file->addMenu(data_->recentFilesMenu());
    file->addMenu(data_->shippedDatasetsMenu());
    file->addAction(tr("Open &model…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString name = QFileDialog::getOpenFileName(this, tr("Open a TreeLab model"), QString(),
                                                          tr("TreeLab models (*.json);;All files (*)"));
        if (!name.isEmpty()) openModel(name);
    });
    file->addSeparator();
    file->addAction(tr("&Save model…"), QKeySequence(tr("Ctrl+M")), this, &MainWindow::saveModelWithDialog);
    file->addAction(tr("&Export view…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportCurrentView);
    file->addAction(tr("Export metrics table as &CSV…"), this, [this] {
        const QString name = QFileDialog::getSaveFileName(this, tr("Export the metrics table"), "metrics.csv",
                                                          tr("CSV files (*.csv)"));
        if (!name.isEmpty()) results_->exportMetricsCsv(name);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    undoAction_ = edit->addAction(tr("&Undo"), QKeySequence::Undo, this, &MainWindow::undoKeepStartTree);
    undoAction_->setToolTip(tr("Undo the last change of the shown run's tree (keeping a start's tree, or going back)"));
    undoAction_->setEnabled(false);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    trainAction_ = run->addAction(tr("&Train"), QKeySequence(tr("Ctrl+R")), this, &MainWindow::train);
    stopAction_ = run->addAction(tr("&Stop"), QKeySequence(Qt::Key_Escape), this, &MainWindow::stop);
    run->addSeparator();
    QAction* evaluate = run->addAction(tr("&Evaluate the shown model on the loaded data"), this, &MainWindow::evaluateShownModel);
    evaluate->setObjectName("evaluateShownModel");
    QAction* predict = run->addAction(tr("&Predict on a file…"), this, [this] {
        const QString name = QFileDialog::getOpenFileName(this, tr("Predict the rows of a CSV file"), QString(),
                                                          tr("CSV files (*.csv *.tsv *.txt);;All files (*)"));
        if (!name.isEmpty()) predictFile(name);
    });
    predict->setObjectName("predictOnFile");
    QAction* typeRow = run->addAction(tr("Predict one &row…"), this, [this] {
        tabs_->setCurrentWidget(treeTab_);
        treeTab_->openRowForm();
    });
    typeRow->setObjectName("predictOneRow");

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int tab = 0; tab < tabs_->count(); ++tab)
        view->addAction(tabs_->tabText(tab), QKeySequence(QStringLiteral("Ctrl+%1").arg(tab + 1)), this,
                        [this, tab] { tabs_->setCurrentIndex(tab); });

    // Every command key but Undo, which a focused field keeps for its own text.
    for (QMenu* menu : {file, run, view})
        for (QAction* action : menu->actions())
            if (!action->shortcuts().isEmpty()) windowShortcuts_.append(action);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add_manual_action(help, this);
    help->addSeparator();
    help->addAction(tr("&About TreeLab"), this, [this] { show_about_dialog(this); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

bool MainWindow::openModel(const QString& file) {
    auto outcome = std::make_shared<RunOutcome>();
    try {
        outcome->model = load_model(file.toStdString());
    } catch (const std::exception& error) {
        showError(tr("Cannot open %1").arg(QFileInfo(file).fileName()), QString::fromStdString(error.what()));
        return false;
    }
    results_->addRun(QFileInfo(file).fileName(), std::move(outcome));
    tabs_->setCurrentWidget(treeTab_);
    statusBar()->showMessage(tr("Opened model %1; Run > Evaluate scores it on the loaded data.").arg(file));
    return true;
}

bool MainWindow::saveModel(const QString& file, const std::string& format) {
    if (!shown_) {
        showError(tr("Nothing to save"), tr("Train a model or select a run in the Results tab first."));
        return false;
    }
    try {
        if (format.empty()) save_model(shown_->model, file.toStdString());
        else export_model(shown_->model, format, file.toStdString());
    } catch (const std::exception& error) {
        showError(tr("Cannot save %1").arg(QFileInfo(file).fileName()), QString::fromStdString(error.what()));
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(file), 5000);
    return true;
}

void MainWindow::saveModelWithDialog() {
    if (!shown_) {
        saveModel(QString());  // explains that there is nothing to save
        return;
    }
    // JSON first: the one type that opens again; the others are exports (C, Python, DOT, ...).
    QString filter;
    const QString name = QFileDialog::getSaveFileName(this, tr("Save the model"), "model.json", modelFileFilters().join(";;"), &filter);
    if (name.isEmpty()) return;
    const std::string format = modelFormatFor(filter, name);
    saveModel(withModelSuffix(name, format), format);
}

void MainWindow::evaluateShownModel() {
    if (!shown_ || !data_->hasData()) {
        showError(tr("Nothing to evaluate"), tr("Open a model (or select a run) and load a CSV file with its columns."));
        return;
    }
    if (evaluation_->isRunning()) {
        statusBar()->showMessage(tr("An evaluation is still going: its result joins the Results tab when it ends."), 5000);
        return;
    }
    evaluationName_ = tr("%1 on %2 (every row)").arg(results_->runName(results_->currentRow()),
                                                     QFileInfo(data_->file()).fileName());
    evaluation_->start(shown_->model, data_->loadedTable());
    statusBar()->showMessage(tr("Evaluating %1…").arg(evaluationName_));
}

PredictionsWindow* MainWindow::predictFile(const QString& file) {
    if (!shown_) {
        showError(tr("Nothing to predict with"), tr("Train a model, open one or select a run in the Results tab first."));
        return nullptr;
    }
    const int row = results_->rowOf(shown_.get());
    const QString name = row >= 0 ? results_->runName(row) : QString::fromStdString(model_title(shown_->model));
    auto* window = new PredictionsWindow(this, std::shared_ptr<const ModelFile>(shown_, &shown_->model), name);
    window->show();
    window->predictFile(file);
    return window;
}

void MainWindow::connectEvaluation() {
    connect(evaluation_, &EvaluationSession::finished, this, [this](std::shared_ptr<const RunOutcome> outcome) {
        statusBar()->clearMessage();
        results_->addRun(evaluationName_, std::move(outcome));
        tabs_->setCurrentWidget(results_);
    });
    connect(evaluation_, &EvaluationSession::failed, this, [this](const QString& message) {
        statusBar()->clearMessage();
        showError(tr("Cannot evaluate %1").arg(evaluationName_), message);
    });
}

}  // namespace treelab
