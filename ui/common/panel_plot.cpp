#include "ui/common/panel_plot.h"

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "app/render/plot_sheet.h"
#include "ui/common/plot_style.h"

namespace treelab {

void prepare_panel_plot(QCustomPlot* plot, int legendColumns) {
    style_plot(plot, QString(), QString(), QString());
    plot->legend->setWrap(legendColumns);
}

void draw_panel(QCustomPlot* plot, const PlotPanel& panel, bool unitSquare) {
    plot->clearGraphs();
    set_plot_title(plot, QString::fromStdString(panel.title));
    plot->xAxis->setLabel(QString::fromStdString(panel.x_label));
    plot->yAxis->setLabel(QString::fromStdString(panel.y_label));
    for (const PlotSeries& series : panel.series) {
        QCPGraph* graph = add_line(plot, QString::fromStdString(series.name), series.colour);
        QVector<double> x, y;
        for (std::size_t i = 0; i < series.x.size() && i < series.y.size(); ++i) {
            x << series.x[i];
            y << (std::isfinite(series.y[i]) ? series.y[i] : qQNaN());  // QCustomPlot breaks a line at NaN
        }
        // A graph's keys ascend; a curve drawn from its right end (precision-recall, from recall 1)
        // is turned round, and its steps, which hold from each point to the next, then hold to the left.
        const bool descending = x.size() > 1 && x.front() > x.back();
        if (descending) {
            std::reverse(x.begin(), x.end());
            std::reverse(y.begin(), y.end());
        }
        if (series.line == SeriesLine::None) graph->setLineStyle(QCPGraph::lsNone);
        if (series.line == SeriesLine::Steps) graph->setLineStyle(descending ? QCPGraph::lsStepRight : QCPGraph::lsStepLeft);
        if (series.markers || series.line == SeriesLine::None) graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
        graph->setData(x, y, std::is_sorted(x.begin(), x.end()));
    }
    if (unitSquare) {
        plot->xAxis->setRange(-0.02, 1.02);
        plot->yAxis->setRange(-0.02, 1.02);
    } else {
        plot->rescaleAxes();
        plot->xAxis->scaleRange(1.05);
        plot->yAxis->scaleRange(1.05);
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace treelab
