#pragma once
// A figure of plots composed from data, with no widget: panels of lines, steps and markers on
// axes with nice ticks, an optional right axis (GET's α), dashed vertical lines (start
// boundaries), legends in a band under the axes so they never hide data, groups of panels (a run's
// curves, then its starts as small multiples on shared axes) and a wrapped caption naming what is
// shown. Sizes are in points; painted on any QPainter (SVG, PDF, PNG at any DPI).
#include <string>
#include <vector>

#include <QColor>
#include <QRectF>
#include <QSizeF>

class QPainter;

namespace treelab {

enum class SeriesLine {
    Straight,
    Steps,  // each value holds from its x up to the next x (a pruning path)
    None,   // points alone
};

struct PlotSeries {
    std::string name;  // the legend's entry; empty = none
    QColor colour;
    SeriesLine line = SeriesLine::Straight;
    bool markers = false;  // a dot at each point
    bool right_axis = false;
    std::vector<double> x, y;   // a non-finite y (or x) breaks the line there
    std::vector<double> error;  // ± bars around y (e.g. std over seeds); empty = none
};

struct PlotPanel {
    std::string title;
    bool bold_title = false;  // e.g. the best of several starts
    std::string x_label, y_label, right_label;
    bool log_x = false, log_y = false;
    double x_zero_at = 0.0;    // log x: the position of the value 0, whose tick reads "0"; 0 = none
    bool whole_y = false;      // counts: ticks at whole numbers
    bool right_from_zero = true;  // the right axis starts at 0, so a schedule's values read in proportion
    std::vector<double> boundaries;  // x of dashed vertical lines (restarts)
    std::vector<PlotSeries> series;
};

struct PlotGroup {
    std::string heading;  // above the group, e.g. "Starts"; empty = none
    std::vector<PlotPanel> panels;
    int columns = 0;                // panels per row; 0 = all in one row
    QSizeF panel_size{260, 200};    // one panel with its title, tick labels and axis labels
    bool shared_legend = false;     // one legend under the group (small multiples) instead of one per panel
    bool shared_axes = false;       // every panel spans the x and y ranges of all (small multiples)
};

struct PlotSheet {
    std::vector<PlotGroup> groups;
    std::string caption;  // under the figure, wrapped: what is shown, and how to make it again
};

// Natural size in points.
QSizeF plot_sheet_size(const PlotSheet& sheet);
// Scales the sheet uniformly to fit `target`, centred, on a white background.
void paint_plot_sheet(QPainter& painter, const PlotSheet& sheet, const QRectF& target);

}  // namespace treelab
