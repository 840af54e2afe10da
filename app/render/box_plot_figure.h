#pragma once
// Per-fold scores of several methods as a box plot figure, composed from the numbers (no widget):
// one box per method (quartiles, median line, whiskers to the farthest score within 1.5 × IQR of
// the box, Tukey's rule as matplotlib's boxplot draws it; scores beyond them as open circles), each
// fold's score as a dot beside its box, the mean as a diamond. The Compare tab's export draws this;
// its widget shows the same statistics (box_stats) with QCustomPlot.
#include <string>
#include <vector>

#include "app/render/figure_file.h"

namespace treelab {

struct BoxStats {
    double lower_whisker = 0, lower_quartile = 0, median = 0, upper_quartile = 0, upper_whisker = 0, mean = 0;
    std::vector<double> outliers;
};
// Quartiles by linear interpolation between order statistics (numpy.percentile's default); NaN
// scores (a failed fold) are left out. All zero for no finite score.
BoxStats box_stats(std::vector<double> values);

struct BoxPlotData {
    std::vector<std::string> names;            // one per box, the methods' paper names
    std::vector<std::vector<double>> values;   // per box, one score per fold
    std::string value_label;                   // the y axis: "accuracy over 10×3 folds"
    std::string caption;                       // under the figure: what is shown, on which data
};

FigureDrawing box_plot_figure(const BoxPlotData& data);

}  // namespace treelab
