// Axis ticks of the plot figures: nice steps, whole numbers for counts, decades on log axes.
#include "app/render/plot_ticks.h"

#include <gtest/gtest.h>

namespace treelab {
namespace {

using Labels = std::vector<std::string>;

// Steps of 1, 2, 2.5 or 5 times a power of ten, labelled with the decimals the step needs.
TEST(PlotTicks, LinearStepsAreNice) {
    EXPECT_EQ(linear_ticks(0, 1, 5).labels, (Labels{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
    EXPECT_EQ(linear_ticks(0, 10, 4).labels, (Labels{"0.0", "2.5", "5.0", "7.5", "10.0"}));
    EXPECT_EQ(linear_ticks(1, 400, 5).labels, (Labels{"100", "200", "300", "400"}));
    EXPECT_EQ(linear_ticks(0.61, 0.69, 4).labels, (Labels{"0.62", "0.64", "0.66", "0.68"}));
    const AxisTicks ticks = linear_ticks(-0.3, 0.3, 3);
    EXPECT_EQ(ticks.labels, (Labels{"-0.2", "0.0", "0.2"})) << "no -0.0";
    EXPECT_EQ(ticks.low, -0.3);
    EXPECT_EQ(ticks.high, 0.3);
}

// Counts tick at whole numbers only; a range of one value is widened around it.
TEST(PlotTicks, WholeNumbersAndSingleValues) {
    EXPECT_EQ(linear_ticks(0, 3, 5, true).labels, (Labels{"0", "1", "2", "3"}));
    const AxisTicks single = linear_ticks(7, 7, 5, true);
    EXPECT_LT(single.low, 7);
    EXPECT_GT(single.high, 7);
    EXPECT_NE(std::find(single.labels.begin(), single.labels.end(), "7"), single.labels.end());
}

// Decades on a log axis, 2 and 5 between them on a short range, and the zero decade reading "0".
TEST(PlotTicks, LogTicksAreDecades) {
    EXPECT_EQ(log_ticks(1e-4, 0.1).labels, (Labels{"0.0001", "0.001", "0.01", "0.1"}));
    EXPECT_EQ(log_ticks(1, 30).labels, (Labels{"1", "2", "5", "10", "20"}));
    EXPECT_EQ(log_ticks(1e-5, 0.01, 1e-5).labels.front(), "0");
}

}  // namespace
}  // namespace treelab
