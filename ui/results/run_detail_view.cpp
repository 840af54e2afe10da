#include "ui/results/run_detail_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core/metrics/classification_metrics.h"
#include "ui/common/plot_style.h"

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
    QLabel* caption = nullptr;
    QStackedWidget* stack = nullptr;
    QTableWidget* confusion = nullptr;
    QCustomPlot* scatter = nullptr;
    QWidget* empty = nullptr;

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
    layout->addWidget(p.caption);
    layout->addWidget(p.stack, 1);
    showRun(nullptr);
}

RunDetailView::~RunDetailView() = default;

void RunDetailView::showRun(const RunOutcome* outcome) {
    Parts& p = *parts_;
    if (!outcome) return p.showNothing(tr("Select a run to see how it does on its test rows."));
    if (!outcome->data || outcome->data->test.rows() == 0)
        return p.showNothing(tr("This run has no test rows to show."));
    const auto& predictor = outcome->model.tree.routing_predictor;
    if (predictor && !predictor->predicts_target())
        return p.showNothing(tr("A self-supervised tree predicts features, not the target: see its scores above."));
    // The predictions come from the worker that scored the run (score_model); the GUI thread predicts nothing.
    if (outcome->test_predictions.size() != outcome->data->test.rows())
        return p.showNothing(tr("This run holds no predictions for its test rows."));
    if (outcome->model.target.task == Task::Classification)
        p.fillConfusion(*outcome);
    else
        p.fillScatter(*outcome);
}

}  // namespace treelab
