#pragma once
// Where an axis of a plot figure puts its ticks and what they read: "nice" steps of 1, 2, 2.5 or 5
// times a power of ten (Heckbert, Graphics Gems I, "Nice numbers for graph labels"), decades on a
// logarithmic axis, labels with as many decimals as the step needs.
#include <string>
#include <vector>

namespace treelab {

struct AxisTicks {
    double low = 0.0, high = 1.0;  // the axis range (data padded), what the plot maps to its frame
    std::vector<double> values;    // ticks inside [low, high]
    std::vector<std::string> labels;
};

// Ticks of a linear axis over [low, high], about `count` of them; `whole` = integers only (counts).
// A range of one value is widened around it.
AxisTicks linear_ticks(double low, double high, int count = 5, bool whole = false);
// Ticks of a logarithmic axis over [low, high] (both > 0): decades, with 2 and 5 between them when
// the range spans less than two decades. `zero_at` > 0 labels that tick "0" (a grid value of 0
// drawn one decade below the smallest positive one).
AxisTicks log_ticks(double low, double high, double zero_at = 0.0);

}  // namespace treelab
