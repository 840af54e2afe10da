#include "ui/common/plot_style.h"

#include <qcustomplot.h>

namespace treelab {

void style_plot(QCustomPlot* plot, const QString& title, const QString& xLabel, const QString& yLabel) {
    plot->plotLayout()->insertRow(0);
    QFont font = plot->font();
    font.setBold(true);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, font));
    plot->xAxis->setLabel(xLabel);
    plot->yAxis->setLabel(yLabel);
    legend_below(plot);
    plot->setMinimumHeight(160);
}

void legend_below(QCustomPlot* plot) {
    // A row under the axes, centred and compact between two stretching spacers.
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, legendRow);
    plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
    plot->legend->setVisible(true);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->axisRect()->insetLayout()->take(plot->legend);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    legendRow->addElement(0, 1, plot->legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setMargins(QMargins(0, 0, 0, 0));
}

void set_plot_title(QCustomPlot* plot, const QString& title) {
    if (auto* text = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))) text->setText(title);
}

QCPGraph* add_line(QCustomPlot* plot, const QString& name, const QColor& colour) {
    QCPGraph* graph = plot->addGraph();
    graph->setName(name);
    graph->setPen(QPen(colour, 2));
    return graph;
}

}  // namespace treelab
