#include "ui/sweep/sweep_plots.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include <QHBoxLayout>
#include <qcustomplot.h>

#include "core/run/evaluation.h"
#include "ui/common/plot_style.h"

namespace treelab {
namespace {

struct SplitStyle {
    const char* name;
    QColor colour;
};
// matplotlib's first three colours, as in the sklearn pruning example.
const std::array<SplitStyle, 3> kSplits = {{{"train", QColor(31, 119, 180)},
                                            {"validation", QColor(255, 127, 14)},
                                            {"test", QColor(44, 160, 44)}}};

const std::map<std::string, MeanStd>& split_scores(const SweepPoint& point, std::size_t split) {
    return split == 0 ? point.train : split == 1 ? point.valid : point.test;
}

// Pruning grids start at 0, which a log axis cannot show: zero is drawn one decade below the
// smallest positive value, and that decade's tick reads "0".
class ZeroDecadeLogTicker : public QCPAxisTickerLog {
public:
    explicit ZeroDecadeLogTicker(double zeroAt) : zeroAt_(zeroAt) {}

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override {
        if (zeroAt_ > 0.0 && std::abs(tick / zeroAt_ - 1.0) < 1e-9) return QStringLiteral("0");
        return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
    }

private:
    double zeroAt_;
};

double zero_decade(const std::vector<double>& xs) {
    double smallest = 0.0;
    for (const double x : xs)
        if (x > 0.0 && (smallest == 0.0 || x < smallest)) smallest = x;
    return smallest > 0.0 ? std::pow(10.0, std::floor(std::log10(smallest)) - 1.0) : 1.0;
}

// One plot: a graph and its error bars per split, a title, a legend row and a cursor line.
struct SplitPlot {
    QCustomPlot* plot = nullptr;
    QCPTextElement* title = nullptr;
    std::array<QCPGraph*, 3> graphs{};
    std::array<QCPErrorBars*, 3> bars{};
    std::array<std::vector<int>, 3> pointOfIndex;  // per split: graph data index -> point
    std::vector<double> cursorX;                   // per point: where the cursor stands
    QCPItemStraightLine* cursor = nullptr;

    explicit SplitPlot(QWidget* parent) : plot(new QCustomPlot(parent)) {
        plot->setMinimumSize(320, 260);
        plot->plotLayout()->insertRow(0);
        title = new QCPTextElement(plot, QString(), QFont(plot->font().family(), 10, QFont::Bold));
        plot->plotLayout()->addElement(0, 0, title);
        for (std::size_t s = 0; s < kSplits.size(); ++s) {
            graphs[s] = plot->addGraph();
            graphs[s]->setName(kSplits[s].name);
            graphs[s]->setPen(QPen(kSplits[s].colour, 1.5));
            graphs[s]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kSplits[s].colour, 6));
            bars[s] = new QCPErrorBars(plot->xAxis, plot->yAxis);
            bars[s]->setDataPlottable(graphs[s]);
            bars[s]->setPen(QPen(kSplits[s].colour.lighter(130), 1));
            bars[s]->removeFromLegend();
        }
        legend_below(plot);
        cursor = new QCPItemStraightLine(plot);
        cursor->setPen(QPen(QColor(200, 30, 30), 1.5, Qt::DashLine));
        cursor->setVisible(false);
    }

    void clear() {
        for (std::size_t s = 0; s < kSplits.size(); ++s) {
            graphs[s]->data()->clear();
            bars[s]->data()->clear();
            pointOfIndex[s].clear();
        }
        cursorX.clear();
        cursor->setVisible(false);
        title->setText(QString());
        plot->replot(QCustomPlot::rpQueuedReplot);
    }

    // Draws the points in `order` at `xs` (already increasing along `order`).
    void draw(const std::vector<SweepPoint>& points, const std::vector<int>& order, const std::vector<double>& xs,
              const std::string& metric) {
        for (std::size_t s = 0; s < kSplits.size(); ++s) {
            QVector<double> keys, values, errors;
            pointOfIndex[s].clear();
            for (const int p : order) {
                const auto& scores = split_scores(points[p], s);
                const auto found = scores.find(metric);
                if (found == scores.end()) continue;
                keys.push_back(xs[p]);
                values.push_back(found->second.mean);
                errors.push_back(found->second.std);
                pointOfIndex[s].push_back(p);
            }
            graphs[s]->setData(keys, values, true);
            bars[s]->setData(errors);
            // A split without this score (no validation rows) stays out of the legend.
            if (keys.isEmpty()) graphs[s]->removeFromLegend(); else graphs[s]->addToLegend();
        }
        cursorX = xs;
        plot->rescaleAxes();
        const QCPRange y = plot->yAxis->range();
        const double pad = std::max(y.size() * 0.05, 1e-3);
        plot->yAxis->setRange(y.lower - pad, y.upper + pad);
        const QCPRange x = plot->xAxis->range();
        if (plot->xAxis->scaleType() == QCPAxis::stLogarithmic)
            plot->xAxis->setRange(x.lower / 1.5, x.upper * 1.5);
        else
            plot->xAxis->setRange(x.lower - std::max(x.size() * 0.04, 0.5), x.upper + std::max(x.size() * 0.04, 0.5));
        plot->replot(QCustomPlot::rpQueuedReplot);
    }

    void moveCursor(int point) {
        const bool shown = point >= 0 && point < static_cast<int>(cursorX.size());
        cursor->setVisible(shown);
        if (shown) {
            cursor->point1->setCoords(cursorX[point], 0.0);
            cursor->point2->setCoords(cursorX[point], 1.0);
        }
        plot->replot(QCustomPlot::rpQueuedReplot);
    }

    int pointAt(QCPAbstractPlottable* plottable, int dataIndex) const {
        for (std::size_t s = 0; s < kSplits.size(); ++s)
            if ((plottable == graphs[s] || plottable == bars[s]) && dataIndex >= 0 &&
                dataIndex < static_cast<int>(pointOfIndex[s].size()))
                return pointOfIndex[s][dataIndex];
        return -1;
    }

    int pointCount() const {
        int count = 0;
        for (const QCPGraph* graph : graphs) count += graph->dataCount();
        return count;
    }
};

}  // namespace

struct SweepPlots::Parts {
    std::array<std::unique_ptr<SplitPlot>, 2> plots;  // vs parameter, vs active nodes
};

SweepPlots::SweepPlots(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (auto& plot : parts_->plots) {
        plot = std::make_unique<SplitPlot>(this);
        layout->addWidget(plot->plot, 1);
        connect(plot->plot, &QCustomPlot::plottableClick, this,
                [this, split = plot.get()](QCPAbstractPlottable* plottable, int dataIndex, QMouseEvent*) {
                    if (const int point = split->pointAt(plottable, dataIndex); point >= 0) emit pointClicked(point);
                });
    }
    SplitPlot& nodes = *parts_->plots[1];
    nodes.plot->xAxis->setLabel(tr("active nodes (mean over seeds)"));
    // Several grid values can give trees of the same size: points, not a line through them.
    for (QCPGraph* graph : nodes.graphs) graph->setLineStyle(QCPGraph::lsNone);
}

SweepPlots::~SweepPlots() = default;

void SweepPlots::showPoints(const std::vector<SweepPoint>& points, const std::vector<double>& xs, const std::string& metric,
                            const SweepAxis& axis) {
    const QString metricName = QString::fromStdString(score_label(metric));
    const int seeds = points.empty() ? 0 : static_cast<int>(points.front().rows.size());
    const QString yLabel = seeds > 1 ? tr("%1 (mean ± std over %2 seeds)").arg(metricName).arg(seeds) : metricName;

    SplitPlot& byValue = *parts_->plots[0];
    QCPAxis* x = byValue.plot->xAxis;
    std::vector<double> drawnXs = xs;
    if (axis.log) {
        const double zeroAt = zero_decade(xs);
        for (double& value : drawnXs) value = value > 0.0 ? value : zeroAt;
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(QSharedPointer<QCPAxisTicker>(new ZeroDecadeLogTicker(zeroAt)));
        x->setNumberFormat(QStringLiteral("gb"));
    } else {
        x->setScaleType(QCPAxis::stLinear);
        x->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        x->setNumberFormat(QStringLiteral("g"));
    }
    x->setLabel(axis.label);
    for (QCPGraph* graph : byValue.graphs) graph->setLineStyle(axis.steps ? QCPGraph::lsStepLeft : QCPGraph::lsLine);
    byValue.title->setText(tr("%1 vs %2").arg(metricName, axis.label));
    byValue.plot->yAxis->setLabel(yLabel);
    std::vector<int> order(points.size());
    std::iota(order.begin(), order.end(), 0);
    byValue.draw(points, order, drawnXs, metric);

    SplitPlot& byNodes = *parts_->plots[1];
    std::vector<double> nodes;
    for (const SweepPoint& point : points) nodes.push_back(point.active_nodes.mean);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return nodes[a] < nodes[b]; });
    byNodes.title->setText(tr("%1 vs active nodes").arg(metricName));
    byNodes.plot->yAxis->setLabel(yLabel);
    byNodes.draw(points, order, nodes, metric);
}

void SweepPlots::clear() {
    for (auto& plot : parts_->plots) plot->clear();
}

void SweepPlots::moveCursorTo(int point) {
    for (auto& plot : parts_->plots) plot->moveCursor(point);
}

QList<QCustomPlot*> SweepPlots::plots() const { return {parts_->plots[0]->plot, parts_->plots[1]->plot}; }

int SweepPlots::pointCount(int plot) const { return parts_->plots.at(plot)->pointCount(); }

}  // namespace treelab
