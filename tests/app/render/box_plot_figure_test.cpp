// The Compare tab's box plot statistics and its exported figure.
#include <gtest/gtest.h>

#include <cmath>

#include <QSvgGenerator>
#include <QTemporaryDir>

#include "app/render/box_plot_figure.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Quartiles as numpy.percentile's linear interpolation gives them (np.percentile([1, 2, 3, 4, 100],
// [25, 50, 75]) = 2, 3, 4), Tukey's whiskers within 1.5 × IQR, 100 an outlier, NaN (a failed fold) left out.
TEST(BoxPlotFigure, StatisticsAreNumpysQuartilesWithTukeysWhiskers) {
    const BoxStats stats = box_stats({4, NAN, 1, 100, 3, 2});
    EXPECT_DOUBLE_EQ(stats.lower_quartile, 2);
    EXPECT_DOUBLE_EQ(stats.median, 3);
    EXPECT_DOUBLE_EQ(stats.upper_quartile, 4);
    EXPECT_DOUBLE_EQ(stats.lower_whisker, 1);
    EXPECT_DOUBLE_EQ(stats.upper_whisker, 4);
    ASSERT_EQ(stats.outliers.size(), 1u);
    EXPECT_DOUBLE_EQ(stats.outliers[0], 100);
    EXPECT_DOUBLE_EQ(stats.mean, 22);
    // np.percentile([0.9, 0.95, 0.8, 1.0], 25) = 0.875: between order statistics.
    EXPECT_NEAR(box_stats({0.9, 0.95, 0.8, 1.0}).lower_quartile, 0.875, 1e-12);
}

// The exported SVG is vector: the method names and the caption are text, no picture inside.
TEST(BoxPlotFigure, ExportsAsVectorWithNamesAndCaption) {
    BoxPlotData data;
    data.names = {"CART", "GradTree"};
    data.values = {{0.9, 0.95, 0.93}, {0.8, 0.85, 0.9}};
    data.value_label = "accuracy per fold";
    data.caption = "Per-fold accuracy of each method.";
    const QTemporaryDir folder;
    const QString file = folder.filePath("box.svg");
    save_figure(box_plot_figure(data), file);
    const std::string svg = test::read_file(file.toStdString());
    EXPECT_NE(svg.find("GradTree"), std::string::npos);
    EXPECT_NE(svg.find("Per-fold accuracy"), std::string::npos);
    EXPECT_EQ(test::raster_images(svg), 0);
}

}  // namespace
}  // namespace treelab
