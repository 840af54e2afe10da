// MainWindow's File > Export view: the current tab's figure composed from the run or sweep it
// shows (app/render), never a grab of its widgets; written as SVG, PDF or PNG at a chosen size and
// resolution.
#include <algorithm>

#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <QTabWidget>

#include "app/render/figure_file.h"
#include "app/render/history_figure.h"
#include "app/render/model_figures.h"
#include "core/layout/fitting_depth.h"
#include "core/learners/learner.h"
#include "core/run/row_set.h"
#include "ui/common/figure_export.h"
#include "ui/compare/compare_panel.h"
#include "ui/main_window.h"
#include "ui/results/results_panel.h"
#include "ui/sweep/sweep_panel.h"
#include "ui/training/training_panel.h"
#include "ui/tree/tree_canvas.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

// The registry's entry of `method`; null for a model of a method this build does not know.
const LearnerInfo* learner_of(const std::string& method) {
    for (const LearnerInfo& learner : learners())
        if (learner.name == method) return &learner;
    return nullptr;
}

// The tree the canvas draws, as it draws it (in the data's units, rows routed, fill and folds),
// with the fill's legend and a caption naming the run. The canvas opens a tree at the depth that
// reads on screen; the figure goes at least as deep as `treelab-cli draw` does unasked.
FigureDrawing tree_figure(const TreeCanvas& canvas, const RunOutcome* run, const std::string& name) {
    const std::shared_ptr<const TreeModel> tree = canvas.shownTree();
    PictureOptions options = canvas.pictureOptions();
    if (options.max_depth >= 0) {
        PictureOptions whole = options;
        whole.max_depth = -1;
        const int deepest = figure_depth(*tree, layout_options(whole));
        options.max_depth = deepest < 0 ? -1 : std::max(options.max_depth, deepest);
    }
    TreePicture picture = make_tree_picture(*canvas.displayedTree(), canvas.featureNames(), canvas.classNames(), canvas.routing(), options);
    const bool runTree = run && tree.get() == &run->model.tree;
    // The method by its paper name above the tree; the caption names the run.
    const LearnerInfo* learner = run ? learner_of(run->model.card.method) : nullptr;
    picture.title = learner ? learner->label : "Tree";
    std::string caption = (runTree ? "Tree of " + name : run ? "A tree recorded while " + name + " trained" : std::string("A tree")) +
                          ": " + (canvas.routedRows() ? describe_rows(canvas.rowSet(), canvas.routedRows()->X.rows())
                                                      : std::string("the training rows' counts"));
    if (options.max_depth >= 0 && options.max_depth < tree_height(*tree))
        caption += "; drawn down to depth " + std::to_string(options.max_depth) + " of " + std::to_string(tree_height(*tree)) +
                   " (folded nodes say how many leaves they hide)";
    caption += ".";
    if (run) caption += "\n" + run_card_line(name, run->model.card);
    FigureSheet sheet;
    sheet.panels.push_back(std::move(picture));
    sheet.caption = caption;
    return figure_drawing(sheet);
}

}  // namespace

std::optional<FigureDrawing> MainWindow::currentFigure(QString& why) const {
    QWidget* tab = tabs_->currentWidget();
    // A sweep's tree chosen in the Sweep tab is in no row of the results list.
    const int row = shown_ ? results_->rowOf(shown_.get()) : -1;
    const std::string name = !shown_   ? std::string()
                             : row >= 0 ? results_->runName(row).toStdString()
                                        : "the sweep's tree " + model_title(shown_->model);
    if (tab == training_) {
        if (!shown_) {
            why = tr("Train a model or select a run in the Results tab first: the Training tab's figure shows a run's curves.");
            return std::nullopt;
        }
        const LearnerInfo* learner = learner_of(shown_->model.card.method);
        if (shown_->history.empty() && !(shown_->data && learner && learner->pruning_path)) {
            why = tr("The run shown has no training curves (a model opened from a file keeps none).");
            return std::nullopt;
        }
        return figure_drawing(training_figure(*shown_, name));
    }
    if (tab == treeTab_) {
        if (!treeTab_->canvas()->shownTree()) {
            why = tr("Train a model or select a run first: the Tree tab shows no tree.");
            return std::nullopt;
        }
        return tree_figure(*treeTab_->canvas(), shown_.get(), name);
    }
    if (tab == sweep_) {
        if (std::optional<PlotSheet> sheet = sweep_->figure()) return figure_drawing(*sheet);
        why = tr("Run a sweep first: the Sweep tab's figure shows a finished sweep's plots.");
        return std::nullopt;
    }
    if (tab == compare_) return compare_->figure(why);
    if (tab == results_) {
        if (std::optional<PlotSheet> sheet = results_->figure()) return figure_drawing(*sheet);
        why = tr("Select a run and its ROC, Precision-recall or Residuals page in the Results tab: those pages export as "
                 "figures. File > Export metrics table as CSV writes the list of runs.");
        return std::nullopt;
    }
    why = tr("The %1 tab has no figure of its own. File > Export metrics table as CSV writes its table; the Training, Tree "
             "and Sweep tabs export the selected run's curves and tree and the last sweep's plots.")
              .arg(tabs_->tabText(tabs_->currentIndex()).remove('&'));
    return std::nullopt;
}

bool MainWindow::exportView(const QString& file, QSize size, double dpi) {
    QString why;
    const std::optional<FigureDrawing> figure = currentFigure(why);
    if (!figure) {
        showError(tr("Nothing to export"), why);
        return false;
    }
    try {
        save_figure(*figure, file, size, dpi);
    } catch (const std::exception& error) {
        showError(tr("Export failed"), QString::fromStdString(error.what()));
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(file), 5000);
    return true;
}

void MainWindow::exportCurrentView() {
    QString why;
    const std::optional<FigureDrawing> figure = currentFigure(why);
    if (!figure) {
        showError(tr("Nothing to export"), why);
        return;
    }
    const QString name = QFileDialog::getSaveFileName(this, tr("Export %1").arg(tabs_->tabText(tabs_->currentIndex()).remove('&')),
                                                      QString(), tr("PDF document (*.pdf);;SVG drawing (*.svg);;PNG image (*.png)"));
    if (name.isEmpty()) return;
    const std::optional<FigureExportSettings> settings = ask_figure_export_settings(this, name, figure->natural);
    if (settings) exportView(name, settings->size, settings->dpi);
}

}  // namespace treelab
