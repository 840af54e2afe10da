#pragma once
// One look for every TreeLab plot: a title above the axes, labelled axes, a legend in a row under
// the axes (never over a curve), and the colours of the training and validation/test series.
#include <QColor>
#include <QString>

class QCustomPlot;
class QCPGraph;

namespace treelab {

inline const QColor kTrainColour{31, 119, 180};  // matplotlib's C0 and C1, familiar from papers
inline const QColor kHeldOutColour{255, 127, 14};
inline const QColor kScheduleColour{44, 160, 44};  // C2: a learner's schedule (GET's α) on a second axis

// Creates the plot's title element (the first row of its layout) and legend; axis labels.
void style_plot(QCustomPlot* plot, const QString& title, const QString& xLabel, const QString& yLabel);
void set_plot_title(QCustomPlot* plot, const QString& title);
// Moves the plot's legend out of the axes into a row under them, so it hides no data.
void legend_below(QCustomPlot* plot);
// A graph with a 2 px line in `colour`, named for the legend.
QCPGraph* add_line(QCustomPlot* plot, const QString& name, const QColor& colour);

}  // namespace treelab
