#pragma once
// A figure's plot panel (app/render/plot_sheet.h) drawn on a QCustomPlot in the project's plot
// style, so a view and the figure File > Export view writes show the same series, names and titles.
class QCustomPlot;

namespace treelab {

struct PlotPanel;

// Creates the plot's style once (title, legend under the axes in rows of `legendColumns`).
void prepare_panel_plot(QCustomPlot* plot, int legendColumns);
// Replaces the plot's graphs with `panel`'s series, its title and axis labels; the axes span the
// data (with `unitSquare`, exactly 0 to 1 on both: rates, precision, recall).
void draw_panel(QCustomPlot* plot, const PlotPanel& panel, bool unitSquare = false);

}  // namespace treelab
