#pragma once
// Internal to app/render: one panel of a PlotSheet painted in its cell (title, axes with ticks, the
// series, a legend band under the axes), and the legend rows a sheet also draws once under a group.
#include <vector>

#include <QFont>
#include <QRectF>

#include "app/render/plot_sheet.h"

class QPainter;

namespace treelab {

// The extent of a panel's finite values, per axis (the right axis apart); empty = no value.
struct DataExtent {
    double x_low = 0, x_high = 0, y_low = 0, y_high = 0, right_low = 0, right_high = 0;
    bool x = false, y = false, right = false;
    DataExtent& operator+=(const DataExtent& other);
};
DataExtent data_extent(const PlotPanel& panel);

QFont plot_font(int pixels, bool bold = false);

// Height of the legend of `series` (entries wrapped in rows) within `width`; 0 without entries.
double legend_height(const std::vector<PlotSeries>& series, double width);
// The entries, each a sample of the series' line or marker and its name, centred row by row.
void paint_legend(QPainter& painter, const std::vector<PlotSeries>& series, const QRectF& band);

// Paints `panel` in `cell` over the ranges of `extent` (its own, or its group's for shared axes);
// with `legend`, its legend in a band at the bottom of the cell, under the axes.
void paint_plot_panel(QPainter& painter, const PlotPanel& panel, const QRectF& cell, const DataExtent& extent, bool legend);

}  // namespace treelab
