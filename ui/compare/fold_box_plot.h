#pragma once
// The Compare tab's box plot: per-fold scores of each method as QCustomPlot statistical boxes (the
// statistics of app/render's box_stats, which the exported figure draws too), the methods by their
// paper names along the bottom, the metric by its name on the left.
#include <QWidget>

#include "app/render/box_plot_figure.h"

class QCustomPlot;

namespace treelab {

class FoldBoxPlot : public QWidget {
    Q_OBJECT
public:
    explicit FoldBoxPlot(QWidget* parent = nullptr);

    void showData(const BoxPlotData& data);  // empty names: an empty plot
    const BoxPlotData& data() const;
    QCustomPlot* plot() const;  // objectName "compareBoxPlot"
    int boxCount() const;

private:
    QCustomPlot* plot_ = nullptr;
    BoxPlotData data_;
};

}  // namespace treelab
