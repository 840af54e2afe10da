#include "ui/compare/fold_box_plot.h"

#include <algorithm>
#include <cmath>

#include <QVBoxLayout>
#include <qcustomplot.h>

#include "ui/common/plot_style.h"

namespace treelab {

FoldBoxPlot::FoldBoxPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    plot_->setObjectName(QStringLiteral("compareBoxPlot"));
    style_plot(plot_, tr("Scores per fold"), QString(), QString());
    plot_->legend->setVisible(false);
    layout->addWidget(plot_);
}

QCustomPlot* FoldBoxPlot::plot() const { return plot_; }
const BoxPlotData& FoldBoxPlot::data() const { return data_; }
int FoldBoxPlot::boxCount() const { return plot_->plottableCount() > 0 ? static_cast<int>(data_.names.size()) : 0; }

void FoldBoxPlot::showData(const BoxPlotData& data) {
    data_ = data;
    plot_->clearPlottables();
    plot_->clearItems();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double low = INFINITY, high = -INFINITY;
    if (!data.names.empty()) {
        auto* boxes = new QCPStatisticalBox(plot_->xAxis, plot_->yAxis);
        boxes->setName(QString::fromStdString(data.value_label));
        boxes->setWidth(0.45);
        QColor fill = kTrainColour;
        fill.setAlpha(70);
        boxes->setBrush(fill);
        boxes->setPen(QPen(kTrainColour.darker(120), 1.2));
        boxes->setMedianPen(QPen(Qt::black, 2));
        boxes->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
        auto* dots = new QCPGraph(plot_->xAxis, plot_->yAxis);  // every fold's score beside its box
        dots->setLineStyle(QCPGraph::lsNone);
        dots->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0x55a868), 4));
        for (std::size_t k = 0; k < data.names.size(); ++k) {
            const double key = static_cast<double>(k + 1);
            const std::vector<double>& values = k < data.values.size() ? data.values[k] : std::vector<double>{};
            const bool any = std::any_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
            ticker->addTick(key, QString::fromStdString(data.names[k]) + (any ? QString() : tr("\n(failed)")));
            if (!any) continue;
            const BoxStats stats = box_stats(values);
            boxes->addData(key, stats.lower_whisker, stats.lower_quartile, stats.median, stats.upper_quartile, stats.upper_whisker,
                           QVector<double>(stats.outliers.begin(), stats.outliers.end()));
            for (const double value : values)
                if (std::isfinite(value)) {
                    dots->addData(key + 0.33, value);
                    low = std::min(low, value);
                    high = std::max(high, value);
                }
        }
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setRange(0.4, static_cast<double>(data.names.size()) + 0.6);
    plot_->xAxis->grid()->setVisible(false);
    plot_->yAxis->setLabel(QString::fromStdString(data.value_label));
    if (std::isfinite(low)) {
        const double margin = high > low ? 0.08 * (high - low) : 0.05;
        plot_->yAxis->setRange(low - margin, high + margin);
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace treelab
