#include "ui/results/run_detail_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "app/render/run_detail_figures.h"
#include "app/session/run_analysis_session.h"
#include "core/metrics/classification_metrics.h"
#include "ui/common/panel_plot.h"
#include "ui/common/plot_style.h"
#include "ui/results/class_table.h"
#include "ui/results/importance_chart.h"

namespace treelab {
namespace {

// Cells shaded by their share of the true class's rows, as scikit-learn's ConfusionMatrixDisplay
// reads: a dark diagonal is a good model whatever the class sizes.
QColor shade(int count, int rowTotal) {
    const double share = rowTotal > 0 ? double(count) / rowTotal : 0.0;
    return QColor::fromRgbF(1.0 - 0.75 * share, 1.0 - 0.5 * share, 1.0);
}

}  // namespace

struct RunDetailView::Parts {
    QTabWidget* pages = nullptr;
    QWidget* predictionsPage = nullptr;
    QLabel* caption = nullptr;
    QStackedWidget* stack = nullptr;
    QTableWidget* confusion = nullptr;
    QCustomPlot* scatter = nullptr;
    QWidget* empty = nullptr;
    QCustomPlot* roc = nullptr;
    QCustomPlot* pr = nullptr;
    QCustomPlot* residuals = nullptr;
    ClassTable* classes = nullptr;
    ImportanceChart* importance = nullptr;
    RunAnalysisSession* analysis = nullptr;
    std::shared_ptr<const RunOutcome> run;  // the run shown
    std::shared_ptr<const RunScoresDetail> scores;  // its curves and reports, once computed
    std::optional<PlotPanel> rocPanel, prPanel, residualPanel;

    // Only the pages that mean something for the run's task are shown.
    void showPages(bool classification, bool regression, bool importance) {
        pages->setTabVisible(pages->indexOf(roc), classification);
        pages->setTabVisible(pages->indexOf(pr), classification);
        pages->setTabVisible(pages->indexOf(classes), classification);
        pages->setTabVisible(pages->indexOf(residuals), regression);
        pages->setTabVisible(pages->indexOf(this->importance), importance);
        pages->setTabText(pages->indexOf(predictionsPage), regression ? QObject::tr("Predicted vs true") : QObject::tr("Confusion matrix"));
    }

    void showScores(const RunScoresDetail& detail) {
        const RunOutcome& outcome = *detail.run;
        const std::vector<std::string>& names = outcome.model.target.class_names;
        if (detail.curves) {
            rocPanel = roc_panel(*detail.curves, names);
            prPanel = precision_recall_panel(*detail.curves, names);
            draw_panel(roc, *rocPanel, true);
            draw_panel(pr, *prPanel, true);
        }
        if (detail.classes) classes->showReport(*detail.classes, detail.curves, names);
        if (detail.regression) {
            residualPanel = residual_panel(outcome.data->test.y, outcome.test_predictions, *detail.regression, outcome.model.target.column);
            draw_panel(residuals, *residualPanel);
        }
    }

    void fillConfusion(const RunOutcome& outcome) {
        const Dataset& test = outcome.data->test;
        const TreeModel& tree = outcome.model.tree;
        const int classes = tree.classes();
        const Eigen::MatrixXi counts = confusion_matrix(test.y, outcome.test_predictions, classes);
        QStringList names;
        for (const std::string& name : outcome.model.target.class_names) names << QString::fromStdString(name);
        confusion->clear();
        confusion->setRowCount(classes);
        confusion->setColumnCount(classes);
        confusion->setHorizontalHeaderLabels(names);
        confusion->setVerticalHeaderLabels(names);
        for (int t = 0; t < classes; ++t) {
            const int rowTotal = counts.row(t).sum();
            for (int p = 0; p < classes; ++p) {
                auto* cell = new QTableWidgetItem(QString::number(counts(t, p)));
                cell->setTextAlignment(Qt::AlignCenter);
                cell->setFlags(Qt::ItemIsEnabled);
                cell->setBackground(shade(counts(t, p), rowTotal));
                cell->setForeground(Qt::black);
                if (t == p) {
                    QFont bold = cell->font();
                    bold.setBold(true);
                    cell->setFont(bold);
                }
                confusion->setItem(t, p, cell);
            }
        }
        confusion->resizeColumnsToContents();
        caption->setText(QObject::tr("Confusion matrix on the %1 test rows of %2 — rows: true class, columns: predicted class")
                             .arg(test.rows())
                             .arg(QString::fromStdString(outcome.model.target.column)));
        stack->setCurrentWidget(confusion);
    }

    void fillScatter(const RunOutcome& outcome) {
        const Dataset& test = outcome.data->test;
        const Eigen::VectorXd& predicted = outcome.test_predictions;
        QCPGraph* points = scatter->graph(0);
        points->data()->clear();
        for (Eigen::Index i = 0; i < test.rows(); ++i) points->addData(test.y(i), predicted(i));
        const double low = std::min(test.y.minCoeff(), predicted.minCoeff());
        const double high = std::max(test.y.maxCoeff(), predicted.maxCoeff());
        scatter->graph(1)->setData({low, high}, {low, high});
        scatter->xAxis->setRange(low, high);
        scatter->yAxis->setRange(low, high);
        const QString target = QString::fromStdString(outcome.model.target.column);
        scatter->xAxis->setLabel(QObject::tr("true %1").arg(target));
        scatter->yAxis->setLabel(QObject::tr("predicted %1").arg(target));
        scatter->replot(QCustomPlot::rpQueuedReplot);
        caption->setText(QObject::tr("Predicted against true %1 on the %2 test rows").arg(target).arg(test.rows()));
        stack->setCurrentWidget(scatter);
    }

    void showNothing(const QString& why) {
        caption->setText(why);
        stack->setCurrentWidget(empty);
    }
};

RunDetailView::RunDetailView(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    p.pages = new QTabWidget(this);
    p.pages->setObjectName("runDetailPages");
    p.predictionsPage = new QWidget(this);
    auto* predictions = new QVBoxLayout(p.predictionsPage);
    predictions->setContentsMargins(0, 0, 0, 0);
    p.caption = new QLabel(this);
    p.caption->setWordWrap(true);
    p.stack = new QStackedWidget(this);
    p.confusion = new QTableWidget(this);
    p.confusion->setObjectName("confusionMatrix");
    p.confusion->setEditTriggers(QAbstractItemView::NoEditTriggers);
    p.confusion->setSelectionMode(QAbstractItemView::NoSelection);
    // Cells big enough to read at a glance, whatever the class names.
    p.confusion->horizontalHeader()->setMinimumSectionSize(56);
    p.confusion->verticalHeader()->setDefaultSectionSize(32);
    p.scatter = new QCustomPlot(this);
    p.scatter->setObjectName("predictedVsTrue");
    style_plot(p.scatter, tr("Predicted vs true (test rows)"), tr("true"), tr("predicted"));
    QCPGraph* points = add_line(p.scatter, tr("test rows"), kTrainColour);
    points->setLineStyle(QCPGraph::lsNone);
    points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    QCPGraph* diagonal = add_line(p.scatter, tr("predicted = true"), Qt::gray);
    diagonal->setPen(QPen(Qt::gray, 1, Qt::DashLine));
    p.empty = new QWidget(this);
    p.stack->addWidget(p.empty);
    p.stack->addWidget(p.confusion);
    p.stack->addWidget(p.scatter);
    predictions->addWidget(p.caption);
    predictions->addWidget(p.stack, 1);

    const auto curvePlot = [this](const char* name) {
        auto* plot = new QCustomPlot(this);
        plot->setObjectName(name);
        prepare_panel_plot(plot, 3);
        return plot;
    };
    p.roc = curvePlot("rocCurves");
    p.pr = curvePlot("precisionRecallCurves");
    p.residuals = curvePlot("residualPlot");
    p.classes = new ClassTable(this);
    p.importance = new ImportanceChart(this);
    p.pages->addTab(p.predictionsPage, tr("Confusion matrix"));
    p.pages->addTab(p.roc, tr("ROC"));
    p.pages->addTab(p.pr, tr("Precision-recall"));
    p.pages->addTab(p.classes, tr("Per class"));
    p.pages->addTab(p.residuals, tr("Residuals"));
    p.pages->addTab(p.importance, tr("Importance"));
    layout->addWidget(p.pages, 1);

    p.analysis = new RunAnalysisSession(this);
    connect(p.analysis, &RunAnalysisSession::scoresReady, this, [this](std::shared_ptr<const RunScoresDetail> detail) {
        if (detail->run != parts_->run) return;  // a run selected before
        parts_->scores = detail;
        parts_->showScores(*detail);
        emit analysed();
    });
    connect(p.analysis, &RunAnalysisSession::importanceProgressed, this, [this](int done, int total) {
        parts_->importance->showComputing(done, total);
    });
    connect(p.analysis, &RunAnalysisSession::importanceReady, this, [this](std::shared_ptr<const RunImportance> importance) {
        if (importance->run != parts_->run) return;
        parts_->importance->showImportance(*importance);
        emit importanceShown();
    });
    connect(p.analysis, &RunAnalysisSession::failed, this, [this](const QString& message) {
        parts_->importance->showNothing(tr("Could not analyse the run: %1").arg(message));
    });
    showRun(nullptr);
}

RunDetailView::~RunDetailView() = default;

void RunDetailView::showRun(std::shared_ptr<const RunOutcome> outcome) {
    Parts& p = *parts_;
    p.run = outcome;
    p.scores.reset();
    p.rocPanel.reset();
    p.prPanel.reset();
    p.residualPanel.reset();
    for (QCustomPlot* plot : {p.roc, p.pr, p.residuals}) {
        plot->clearGraphs();
        set_plot_title(plot, tr("Computing…"));
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    p.importance->showNothing(QString());
    const auto nothing = [&p](const QString& why) {
        p.analysis->stop();
        p.showPages(false, false, false);
        p.showNothing(why);
    };
    if (!outcome) return nothing(tr("Select a run to see how it does on its test rows."));
    if (!outcome->data || outcome->data->test.rows() == 0) return nothing(tr("This run has no test rows to show."));
    const auto& predictor = outcome->model.tree.routing_predictor;
    if (predictor && !predictor->predicts_target())
        return nothing(tr("A self-supervised tree predicts features, not the target: see its scores above."));
    // The predictions come from the worker that scored the run (score_model); the GUI thread predicts nothing.
    if (outcome->test_predictions.size() != outcome->data->test.rows())
        return nothing(tr("This run holds no predictions for its test rows."));
    const bool classification = outcome->model.target.task == Task::Classification;
    p.showPages(classification, !classification, true);
    if (classification) p.fillConfusion(*outcome);
    else p.fillScatter(*outcome);
    p.importance->showComputing(0, static_cast<int>(outcome->model.pipeline.inputs.size()));
    p.analysis->analyse(std::move(outcome));
}

std::optional<PlotSheet> RunDetailView::figure(const std::string& runName) const {
    const Parts& p = *parts_;
    if (!p.run || !p.scores) return std::nullopt;
    QWidget* page = p.pages->currentWidget();
    const std::string rows = std::to_string(p.run->data->test.rows()) + " test rows";
    if ((page == p.roc || page == p.pr) && p.rocPanel && p.prPanel)
        return detail_sheet({*p.rocPanel, *p.prPanel},
                            "ROC and precision-recall curves of " + runName + " on its " + rows +
                                ", one class against the rest (per class, with the micro average over every row and class); "
                                "AUC = area under the ROC curve, AP = average precision.");
    if (page == p.residuals && p.residualPanel)
        return detail_sheet({*p.residualPanel}, "Residuals of " + runName + " on its " + rows + " against its predictions.");
    return std::nullopt;
}

QTabWidget* RunDetailView::pages() const { return parts_->pages; }
QCustomPlot* RunDetailView::rocPlot() const { return parts_->roc; }
QCustomPlot* RunDetailView::precisionRecallPlot() const { return parts_->pr; }
QCustomPlot* RunDetailView::residualPlot() const { return parts_->residuals; }
ClassTable* RunDetailView::classTable() const { return parts_->classes; }
ImportanceChart* RunDetailView::importanceChart() const { return parts_->importance; }
RunAnalysisSession* RunDetailView::analysis() const { return parts_->analysis; }

}  // namespace treelab
