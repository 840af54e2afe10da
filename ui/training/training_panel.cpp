#include "ui/training/training_panel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core/learners/learner.h"
#include "core/run/evaluation.h"
#include "core/run/pruning_path_curve.h"
#include "ui/common/plot_style.h"
#include "ui/common/value_text.h"
#include "ui/training/start_multiples.h"

namespace treelab {
namespace {

// At most ~20 replots per second, whatever the rate of epochs.
constexpr int kReplotIntervalMs = 50;

void add_finite(QCPGraph* graph, double x, double y) {
    if (std::isfinite(y)) graph->addData(x, y);
}

// Shows or hides a series and its legend entry.
void show_series(QCPGraph* graph, bool visible, const QString& name) {
    graph->setVisible(visible);
    graph->setName(name);
    if (visible)
        graph->addToLegend();
    else
        graph->removeFromLegend();
}

void clear_plot(QCustomPlot* plot, QCPGraph::LineStyle style) {
    for (int g = 0; g < plot->graphCount(); ++g) {
        plot->graph(g)->data()->clear();
        plot->graph(g)->setLineStyle(style);
    }
    plot->clearItems();  // the start boundaries
}

// A restart begins from new parameters: its curves start afresh at `x` (a NaN breaks each line
// there) behind a dashed line, so that its first, high losses read as a new start, not a jump.
void mark_start(QCustomPlot* plot, double x) {
    for (int g = 0; g < plot->graphCount(); ++g) plot->graph(g)->addData(x, std::numeric_limits<double>::quiet_NaN());
    auto* boundary = new QCPItemStraightLine(plot);
    boundary->setPen(QPen(Qt::gray, 1.0, Qt::DashLine));
    boundary->point1->setCoords(x, 1.0);  // positive values: the line stays valid on a log-scale axis
    boundary->point2->setCoords(x, 2.0);
}

const LearnerInfo* learner_named(const std::string& name) {
    for (const LearnerInfo& learner : learners())
        if (learner.name == name) return &learner;
    return nullptr;
}

}  // namespace

struct TrainingPanel::Parts {
    QLabel* caption = nullptr;
    QCheckBox* logScale = nullptr;
    QCustomPlot* loss = nullptr;    // graphs: train, validation, the learner's schedule value (right axis)
    QCustomPlot* metric = nullptr;  // graphs: train, validation (test on the pruning path)
    QCustomPlot* nodes = nullptr;   // graph: active nodes (leaves on the pruning path)
    StartMultiples* starts = nullptr;  // multi-start runs: one small plot per start
    QCPItemText* phaseText = nullptr;  // over the empty loss plot while a learner's preliminary phase runs
    QTimer replotTimer;
    bool dirty = false;
    int replots = 0;
    QString methodLabel;
    std::string metricKey;  // the Scores key the metric plot shows; set by the first report naming one
    // The x of a report: its loss queries when the run counts them (003 §5.3's axis), else its epoch.
    bool byQueries = false;
    // Restarts number their epochs (and count their queries) from the start again; the plots
    // continue along one axis instead.
    double xOffset = 0.0, lastX = 0.0;
    int lastStart = 0;
    // Starts that train at once report interleaved: the run's points as they came, and whether an
    // earlier start reported after a later one, so that the next replot lays the main curves out
    // again start by start (each after the previous start's last epoch so far).
    std::vector<EpochPoint> points;
    bool relayout = false;

    // One point on the main curves, its start after the previous start's.
    void plotPoint(const EpochPoint& point) {
        if (point.start != lastStart) {
            xOffset += lastX;
            lastStart = point.start;
            for (QCustomPlot* plot : {loss, metric, nodes}) mark_start(plot, xOffset + 0.5);
        }
        lastX = byQueries ? static_cast<double>(point.loss_queries) : point.epoch;
        const double x = xOffset + lastX;
        add_finite(loss->graph(0), x, point.train_loss);
        add_finite(loss->graph(1), x, point.valid_loss);
        addScheduleValue(x, point);
        add_finite(metric->graph(0), x, point.train_metric);
        add_finite(metric->graph(1), x, point.valid_metric);
        if (point.active_nodes >= 0) nodes->graph(0)->addData(x, point.active_nodes);
    }

    // The main curves drawn again from the run's points, start by start.
    void layOutAgain() {
        relayout = false;
        for (QCustomPlot* plot : {loss, metric, nodes}) {
            for (int g = 0; g < plot->graphCount(); ++g) plot->graph(g)->data()->clear();
            plot->clearItems();
        }
        phaseText = nullptr;  // cleared with the items
        xOffset = lastX = 0.0;
        lastStart = 0;
        std::vector<EpochPoint> ordered = points;
        std::stable_sort(ordered.begin(), ordered.end(), [](const EpochPoint& a, const EpochPoint& b) { return a.start < b.start; });
        for (const EpochPoint& point : ordered) plotPoint(point);
    }

    // The first report decides the axis for the run.
    void chooseAxis(const EpochPoint& point) {
        if (byQueries || point.loss_queries < 0) return;
        byQueries = true;
        for (QCustomPlot* plot : {loss, metric, nodes}) plot->xAxis->setLabel(tr("loss queries"));
    }

    void resetSeries(const QString& heldOut) {
        for (QCustomPlot* plot : {loss, metric}) {
            show_series(plot->graph(0), true, tr("train"));
            show_series(plot->graph(1), true, heldOut);
        }
        show_series(nodes->graph(0), true, tr("active nodes"));
        show_series(loss->graph(2), false, QString());  // until a report carries a schedule value
        loss->yAxis2->setVisible(false);
    }

    // GET's α over the loss: the value its schedule held in each epoch, on the right axis.
    void addScheduleValue(double x, const EpochPoint& point) {
        if (!std::isfinite(point.schedule_value)) return;
        if (!loss->yAxis2->visible()) {
            const QString name = QString::fromStdString(point.schedule_name);
            show_series(loss->graph(2), true, tr("%1 (right axis)").arg(name));
            loss->yAxis2->setVisible(true);
            loss->yAxis2->setLabel(name);
        }
        loss->graph(2)->addData(x, point.schedule_value);
    }

    // Rescales and replots every plot, only when something changed since the last: queued for live
    // updates, at once (rpRefreshHint) for a finished run so the next paint already shows it.
    void replotIfDirty(QCustomPlot::RefreshPriority priority = QCustomPlot::rpQueuedReplot) {
        if (!dirty) return;
        dirty = false;
        ++replots;
        if (relayout) layOutAgain();
        for (QCustomPlot* plot : {loss, metric, nodes}) {
            plot->rescaleAxes(true);
            if (plot->yAxis->scaleType() == QCPAxis::stLinear) plot->yAxis->scaleRange(1.1);
            // From zero, so the stages' α read in proportion; the top clear of the legend's corner.
            if (plot->yAxis2->visible()) plot->yAxis2->setRange(0.0, plot->yAxis2->range().upper * 1.15);
            plot->replot(priority);
        }
        starts->replot(priority);
    }

    // Nothing of the run shown before stays: no start plots, no phase, axes back to an empty range.
    void forgetRun() {
        starts->clear();
        starts->setVisible(false);
        removePhase();
        for (QCustomPlot* plot : {loss, metric, nodes}) {
            plot->xAxis->setRange(0.0, 1.0);
            plot->yAxis->setRange(plot->yAxis->scaleType() == QCPAxis::stLogarithmic ? QCPRange(0.1, 1.0) : QCPRange(0.0, 1.0));
            plot->yAxis2->setRange(0.0, 1.0);
        }
    }

    void removePhase() {
        if (!phaseText) return;
        loss->removeItem(phaseText);
        phaseText = nullptr;
    }

    static QString tr(const char* text) { return TrainingPanel::tr(text); }
};

TrainingPanel::TrainingPanel(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& p = *parts_;
    auto* layout = new QVBoxLayout(this);
    auto* header = new QHBoxLayout;
    p.caption = new QLabel(tr("Train a model to see its curves here."), this);
    p.logScale = new QCheckBox(tr("&Log-scale loss"), this);
    p.logScale->setToolTip(tr("Show the loss axis on a logarithmic scale"));
    header->addWidget(p.caption, 1);
    header->addWidget(p.logScale);
    layout->addLayout(header);

    p.loss = new QCustomPlot(this);
    p.metric = new QCustomPlot(this);
    p.nodes = new QCustomPlot(this);
    style_plot(p.loss, tr("Loss"), tr("epoch"), tr("loss"));
    style_plot(p.metric, tr("Metric"), tr("epoch"), tr("metric"));
    style_plot(p.nodes, tr("Active nodes"), tr("epoch"), tr("nodes"));
    for (QCustomPlot* plot : {p.loss, p.metric}) {
        add_line(plot, tr("train"), kTrainColour);
        add_line(plot, tr("validation"), kHeldOutColour);
    }
    p.loss->addGraph(p.loss->xAxis, p.loss->yAxis2)->setPen(QPen(kScheduleColour, 1.5));
    show_series(p.loss->graph(2), false, QString());  // until a run reports a schedule value
    add_line(p.nodes, tr("active nodes"), kTrainColour);
    p.nodes->setVisible(false);  // only for learners that prune
    // Node counts are integers: ticks at whole multiples only.
    auto wholeTicks = QSharedPointer<QCPAxisTickerFixed>::create();
    wholeTicks->setTickStep(1.0);
    wholeTicks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    p.nodes->yAxis->setTicker(wholeTicks);
    auto* plots = new QHBoxLayout;
    plots->addWidget(p.loss);
    plots->addWidget(p.metric);
    layout->addLayout(plots, 2);
    layout->addWidget(p.nodes, 1);
    p.starts = new StartMultiples(this);
    p.starts->setVisible(false);  // only for runs of several starts
    layout->addWidget(p.starts, 2);

    connect(p.logScale, &QCheckBox::toggled, this, &TrainingPanel::setLogScale);
    p.replotTimer.setInterval(kReplotIntervalMs);
    connect(&p.replotTimer, &QTimer::timeout, this, [&p] { p.replotIfDirty(); });
    p.replotTimer.start();
}

TrainingPanel::~TrainingPanel() = default;

void TrainingPanel::startRun(const QString& methodLabel) {
    Parts& p = *parts_;
    p.forgetRun();  // before the plots' items go (the phase text is one)
    p.methodLabel = methodLabel;
    p.metricKey.clear();
    p.xOffset = p.lastX = 0.0;
    p.lastStart = 0;
    p.points.clear();
    p.relayout = false;
    p.byQueries = false;
    for (QCustomPlot* plot : {p.loss, p.metric, p.nodes}) {
        clear_plot(plot, QCPGraph::lsLine);
        plot->xAxis->setLabel(tr("epoch"));
    }
    p.resetSeries(tr("validation"));
    set_plot_title(p.loss, tr("Loss — %1").arg(methodLabel));
    set_plot_title(p.nodes, tr("Active nodes — %1").arg(methodLabel));
    p.loss->yAxis->setLabel(tr("loss"));
    p.nodes->yAxis->setLabel(tr("nodes with a > 0"));
    p.metric->setVisible(false);  // until a report names its metric
    p.nodes->setVisible(false);
    p.caption->setText(tr("%1: starting…").arg(methodLabel));
    p.dirty = true;
}

void TrainingPanel::showPhase(const QString& phase, int step, int total) {
    Parts& p = *parts_;
    const QString fit = total > 0 ? tr(" (this fit: epoch %1 of %2)").arg(step).arg(total) : QString();
    p.caption->setText(tr("%1: %2%3; the curves begin with the final fit").arg(p.methodLabel, phase, fit));
    if (!p.phaseText) {
        p.phaseText = new QCPItemText(p.loss);
        p.phaseText->position->setType(QCPItemPosition::ptAxisRectRatio);
        p.phaseText->position->setCoords(0.5, 0.5);
        p.phaseText->setPositionAlignment(Qt::AlignCenter);
        p.phaseText->setColor(Qt::darkGray);
    }
    p.phaseText->setText(tr("%1…").arg(phase));
    p.loss->replot(QCustomPlot::rpQueuedReplot);
}

void TrainingPanel::addEpoch(const EpochPoint& point) {
    Parts& p = *parts_;
    p.removePhase();
    p.chooseAxis(point);
    p.points.push_back(point);
    if (point.start < p.lastStart || p.relayout)
        p.relayout = true;  // an earlier start after a later one: the next replot lays the curves out again
    else
        p.plotPoint(point);
    if (point.starts > 1) {
        p.starts->setVisible(true);
        p.starts->addEpoch(point);
    }
    if (!point.metric.empty() && point.metric != p.metricKey) {
        p.metricKey = point.metric;
        const QString name = QString::fromStdString(score_label(point.metric));
        set_plot_title(p.metric, tr("%1 — %2").arg(name, p.methodLabel));
        p.metric->yAxis->setLabel(name);
    }
    if (std::isfinite(point.train_metric) || std::isfinite(point.valid_metric)) p.metric->setVisible(true);
    if (point.active_nodes >= 0) p.nodes->setVisible(true);
    QString of = point.total > 0 ? tr(" of %1").arg(point.total) : QString();
    if (point.starts > 1) of += tr(" (start %1 of %2)").arg(point.start + 1).arg(point.starts);
    // Only the losses the report has: a learner without labels has no validation loss, and none
    // is ever printed as "nan".
    QString losses;
    if (std::isfinite(point.train_loss)) losses += tr(", train loss %1").arg(point.train_loss, 0, 'g', 4);
    if (std::isfinite(point.valid_loss)) losses += tr(", validation loss %1").arg(point.valid_loss, 0, 'g', 4);
    if (p.byQueries)  // an online run reports evaluations, not epochs
        p.caption->setText(tr("%1: evaluation %2%3 after %4 loss queries%5")
                               .arg(p.methodLabel)
                               .arg(point.epoch)
                               .arg(of)
                               .arg(point.loss_queries)
                               .arg(losses));
    else
        p.caption->setText(tr("%1: epoch %2%3%4").arg(p.methodLabel).arg(point.epoch).arg(of).arg(losses));
    p.dirty = true;
}

void TrainingPanel::showOutcome(const RunOutcome& outcome) {
    Parts& p = *parts_;
    const LearnerInfo* learner = learner_named(outcome.model.card.method);
    const QString label = learner ? QString::fromStdString(learner->label) : QString::fromStdString(outcome.model.card.method);
    const QString status = outcome.diverged        ? tr(" — diverged (non-finite loss); the best model before it is kept")
                           : outcome.stopped_early ? tr(" — stopped; the best model so far is kept")
                                                   : QString();
    if (!learner || !learner->pruning_path || !outcome.data) {
        startRun(label);
        for (const EpochReport& report : outcome.history)
            if (!report.heartbeat) addEpoch(epoch_point(report));
        // The starts that reported: a stopped run made fewer, and its starts, trained at once, need
        // not be the first ones (starts 1 and 3 may have begun, start 2 not).
        std::vector<bool> reported;
        for (const EpochReport& report : outcome.history) {
            if (report.heartbeat) continue;
            if (static_cast<std::size_t>(report.start) >= reported.size()) reported.resize(static_cast<std::size_t>(report.start) + 1);
            reported[static_cast<std::size_t>(report.start)] = true;
        }
        const int starts = std::max(1, static_cast<int>(std::count(reported.begin(), reported.end(), true)));
        const QString kept = starts < 2      ? QString()
                             : outcome.picked ? tr("; start %1's tree is kept (picked)").arg(outcome.picked->start + 1)
                                              : tr("; the run's choice is kept");
        const long long queries = outcome.history.empty() ? -1 : outcome.history.back().loss_queries;
        p.caption->setText(tr("%1: %2%3 in %4%5%6")
                               .arg(label)
                               .arg(queries >= 0 ? tr("%1 evaluations over %2 loss queries")
                                                                   .arg(countText(static_cast<long long>(outcome.history.size())), countText(queries))
                                                 : tr("%1 epochs").arg(countText(static_cast<long long>(outcome.history.size()))))
                               .arg(starts > 1 ? tr(" over %1 starts (dashed lines; each start below)").arg(starts) : QString())
                               .arg(durationText(outcome.train_seconds))
                               .arg(status, kept));
        p.starts->setPickable(outcome.starts.size() > 1);
        p.starts->setPicked(outcome.picked ? outcome.picked->start : -1);
        p.replotIfDirty(QCustomPlot::rpRefreshHint);  // a finished run is drawn at once
        return;
    }

    // Not iterative: the cost-complexity path of the grown tree, drawn as steps like
    // scikit-learn's pruning example (each subtree holds from its α up to the next). The session's
    // worker computed it; outcomes made elsewhere have it computed here.
    std::vector<PruningPathPoint> computed;
    if (outcome.pruning_curve.empty()) computed = pruning_path_curve(*learner->pruning_path, outcome.model.tree, *outcome.data);
    const std::vector<PruningPathPoint>& path = outcome.pruning_curve.empty() ? computed : outcome.pruning_curve;
    const QString metric = QString::fromStdString(path.empty() ? std::string() : headline_score(path.front().test));
    p.methodLabel = label;
    p.forgetRun();
    for (QCustomPlot* plot : {p.loss, p.metric, p.nodes}) {
        clear_plot(plot, QCPGraph::lsStepLeft);
        plot->xAxis->setLabel(tr("effective α"));
    }
    p.resetSeries(tr("test"));
    show_series(p.loss->graph(0), true, tr("total leaf impurity"));
    show_series(p.loss->graph(1), false, QString());
    show_series(p.nodes->graph(0), true, tr("leaves"));
    for (const PruningPathPoint& point : path) {
        p.loss->graph(0)->addData(point.alpha, point.impurity);
        if (const auto train = point.train.find(metric.toStdString()); train != point.train.end())
            p.metric->graph(0)->addData(point.alpha, train->second);
        if (const auto test = point.test.find(metric.toStdString()); test != point.test.end())
            p.metric->graph(1)->addData(point.alpha, test->second);
        p.nodes->graph(0)->addData(point.alpha, point.leaves);
    }
    set_plot_title(p.loss, tr("Cost-complexity path — %1").arg(label));
    set_plot_title(p.metric, tr("%1 along the path — %2").arg(metric, label));
    set_plot_title(p.nodes, tr("Leaves along the path — %1").arg(label));
    p.loss->yAxis->setLabel(tr("total leaf impurity"));
    p.metric->yAxis->setLabel(metric);
    p.nodes->yAxis->setLabel(tr("leaves"));
    p.metric->setVisible(true);
    p.nodes->setVisible(true);
    p.caption->setText(tr("%1: trained in %2; %3 subtrees on its pruning path%4")
                           .arg(label)
                           .arg(durationText(outcome.train_seconds))
                           .arg(path.size())
                           .arg(status));
    p.dirty = true;
    p.replotIfDirty(QCustomPlot::rpRefreshHint);  // a finished run is drawn at once
}

void TrainingPanel::showNoCurves(const QString& why) {
    Parts& p = *parts_;
    startRun(QString());
    set_plot_title(p.loss, tr("Loss"));
    p.caption->setText(why);
    p.replotIfDirty(QCustomPlot::rpRefreshHint);
}

void TrainingPanel::setLogScale(bool on) {
    Parts& p = *parts_;
    if (p.logScale->isChecked() != on) p.logScale->setChecked(on);  // re-enters through toggled()
    QCPAxis* axis = p.loss->yAxis;
    if ((axis->scaleType() == QCPAxis::stLogarithmic) == on) return;
    axis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    axis->setTicker(on ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog) : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    p.dirty = true;
}

bool TrainingPanel::logScale() const { return parts_->logScale->isChecked(); }

int TrainingPanel::replotCount() const { return parts_->replots; }

QList<QCustomPlot*> TrainingPanel::plots() const { return {parts_->loss, parts_->metric, parts_->nodes}; }

StartMultiples* TrainingPanel::startMultiples() const { return parts_->starts; }

}  // namespace treelab
