#include "ui/method/stage_list_preview.h"

#include <algorithm>

#include <qcustomplot.h>

#include "ui/common/plot_style.h"

namespace treelab {

QCustomPlot* make_stage_list_preview(const QString& valueLabel, QWidget* parent) {
    auto* preview = new QCustomPlot(parent);
    preview->xAxis->setLabel(QObject::tr("epoch"));
    preview->yAxis->setLabel(valueLabel);
    QCPGraph* low = add_line(preview, QObject::tr("low end"), kTrainColour);
    QCPGraph* high = add_line(preview, QObject::tr("high end"), kTrainColour);
    QColor band = kTrainColour;
    band.setAlpha(70);
    high->setBrush(band);
    high->setChannelFillGraph(low);  // the band a start draws its value from
    preview->yAxis->ticker()->setTickCount(3);  // a small plot: few labels that do not collide
    preview->setMinimumHeight(130);
    return preview;
}

void show_stages(QCustomPlot* preview, const std::vector<ParamStage>& stages) {
    QCPGraph* low = preview->graph(0);
    QCPGraph* high = preview->graph(1);
    low->data()->clear();
    high->data()->clear();
    preview->clearItems();
    double epoch = 0.0;
    for (const ParamStage& stage : stages) {
        // Two points per stage, at its first and last epoch: the stage changes as a vertical step.
        const double end = epoch + stage.epochs;
        low->addData({epoch, end}, {stage.low, stage.low});
        high->addData({epoch, end}, {stage.high, stage.high});
        epoch = end;
    }
    double top = 0.0, bottom = 0.0;  // zero stays in view: a value's size reads against it
    for (const ParamStage& stage : stages) {
        top = std::max(top, stage.high);
        bottom = std::min(bottom, stage.low);
    }
    preview->xAxis->setRange(0.0, std::max(epoch, 1.0));
    preview->yAxis->setRange(bottom, top > bottom ? top * 1.1 : bottom + 1.0);
    preview->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace treelab
