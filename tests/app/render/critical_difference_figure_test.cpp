// The critical-difference diagram as a paper takes it: vector SVG and PDF without raster images,
// every method named, the critical difference written above the axis, one thick bar per group of
// methods the Nemenyi test does not separate, and a caption naming N, α and the test.
#include <gtest/gtest.h>

#include <QImage>

#include "app/render/critical_difference_figure.h"
#include "core/error.h"
#include "core/stats/rank_tests.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

const std::vector<std::string> kMethods{"CART", "LatentTrees", "GradTree", "GET", "DGT", "random forest"};
const Eigen::VectorXd kRanks{{3.2, 3.6, 4.4, 3.3, 4.9, 1.6}};

int occurrences(const std::string& text, const std::string& part) {
    int count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

// The lines drawn with the bars' 3-point pen: Qt's SVG writer puts them in <g> elements of that stroke width.
int thick_lines(const std::string& svg) {
    int count = 0;
    for (std::size_t at = svg.find("stroke-width=\"3\""); at != std::string::npos; at = svg.find("stroke-width=\"3\"", at + 1))
        count += occurrences(svg.substr(at, svg.find("</g>", at) - at), "<polyline");
    return count;
}

// Six methods over nine data sets: SVG and PDF stay vector, each name and "CD = 2.51" (Demšar's
// q₀.₀₅ = 2.850 for six methods, times sqrt(6·7 / (6·9))) are text in the SVG, the caption states
// N, α and the test, and a PNG has the natural size at 300 DPI.
TEST(CriticalDifferenceFigure, NamesMethodsAndCriticalDifference) {
    const FigureDrawing figure = critical_difference_figure(kMethods, kRanks, 9, 0.05);
    test::TempDir dir;
    const auto svg = dir.file("cd.svg"), pdf = dir.file("cd.pdf"), png = dir.file("cd.png");
    save_figure(figure, QString::fromStdString(svg.string()));
    save_figure(figure, QString::fromStdString(pdf.string()));
    save_figure(figure, QString::fromStdString(png.string()));
    const std::string text = test::read_file(svg);
    EXPECT_TRUE(test::read_file(pdf).starts_with("%PDF-"));
    EXPECT_EQ(test::raster_images(text), 0);
    EXPECT_EQ(test::raster_images(test::read_file(pdf)), 0);
    for (const std::string& method : kMethods) EXPECT_EQ(occurrences(text, ">" + method + "<"), 1) << method;
    EXPECT_NE(text.find(">CD = 2.51<"), std::string::npos);
    EXPECT_NE(figure.caption.find("over 9 data sets"), std::string::npos) << figure.caption;
    EXPECT_NE(figure.caption.find("Nemenyi test at α = 0.05"), std::string::npos) << figure.caption;
    EXPECT_NE(figure.caption.find("CD = 2.51"), std::string::npos) << figure.caption;
    EXPECT_NE(text.find("Critical-difference diagram"), std::string::npos) << "the caption is drawn";
    EXPECT_EQ(QImage(QString::fromStdString(png.string())).size(), png_pixels(figure, {}, kDefaultPngDpi));
}

// The bars drawn are the Nemenyi groups: here the forest with CART, GET and LatentTrees (within
// 2.51 of 1.6), and everything from CART to DGT; the thick strokes in the SVG count them.
TEST(CriticalDifferenceFigure, OneThickBarPerGroup) {
    const double cd = nemenyi_critical_difference(6, 9, 0.05);
    const std::vector<std::vector<int>> groups = nemenyi_groups(kRanks, cd);
    ASSERT_EQ(groups, (std::vector<std::vector<int>>{{5, 0, 3, 1}, {0, 3, 1, 2, 4}}));
    test::TempDir dir;
    const auto svg = dir.file("cd.svg");
    save_figure(critical_difference_figure(kMethods, kRanks, 9, 0.05), QString::fromStdString(svg.string()));
    EXPECT_EQ(thick_lines(test::read_file(svg)), 2);
}

// Names and ranks must pair up, and a diagram needs two methods.
TEST(CriticalDifferenceFigure, RefusesMismatchedInput) {
    EXPECT_THROW(critical_difference_figure({"a", "b"}, Eigen::VectorXd{{1.0, 2.0, 3.0}}, 5), Error);
    EXPECT_THROW(critical_difference_figure({"a"}, Eigen::VectorXd{{1.0}}, 5), Error);
}

}  // namespace
}  // namespace treelab
