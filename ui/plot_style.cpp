#include "ui/plot_style.h"

#include <qcustomplot.h>

namespace treelab {

void style_plot(QCustomPlot* plot, const QString& title, const QString& xLabel, const QString& yLabel) {
    plot->plotLayout()->insertRow(0);
    QFont font = plot->font();
    font.setBold(true);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, font));
    plot->xAxis->setLabel(xLabel);
    plot->yAxis->setLabel(yLabel);
    plot->legend->setVisible(true);
    plot->legend->setBrush(QColor(255, 255, 255, 200));  // the curves stay visible behind it
    plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot->setMinimumHeight(160);
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
