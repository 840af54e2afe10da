// save_figure: PNGs at a chosen resolution, and the raster check the figure tests rely on.
#include "app/render/figure_file.h"

#include <gtest/gtest.h>

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

PlotSheet small_sheet() {
    PlotSeries series;
    series.name = "train";
    series.colour = Qt::blue;
    series.x = {1, 2, 3};
    series.y = {1.0, 0.5, 0.25};
    PlotPanel panel;
    panel.title = "Loss";
    panel.series = {series};
    PlotGroup group;
    group.panels = {panel};
    return {{group}, "A caption"};
}

// A PNG of a figure is its size in points × DPI / 72 pixels (natural size by default, 300 DPI),
// and says its resolution in its header.
TEST(FigureFile, PngPixelsFollowTheResolution) {
    test::TempDir dir;
    const PlotSheet sheet = small_sheet();
    const QSizeF natural = plot_sheet_size(sheet);
    const QString file = QString::fromStdString(dir.file("f.png").string());
    save_figure(sheet, file);
    QImage image(file);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), std::lround(std::ceil(natural.width()) * 300.0 / 72.0));
    EXPECT_EQ(image.height(), std::lround(std::ceil(natural.height()) * 300.0 / 72.0));
    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 300.0, 0.5);
    save_figure(sheet, file, QSize(360, 288), 150);
    EXPECT_EQ(QImage(file).size(), QSize(750, 600));
    EXPECT_THROW(save_figure(sheet, file, {}, 0.0), Error);
}

// The raster check finds an image painted into an SVG and a PDF (so a figure test that finds none
// could fail), and finds none in a plot figure.
TEST(FigureFile, RasterCheckFindsImagesAndPlotsHaveNone) {
    QImage pixels(8, 8, QImage::Format_RGB32);
    pixels.fill(Qt::red);
    QByteArray svg, pdf;
    {
        QBuffer buffer(&svg);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        QPainter painter(&generator);
        painter.drawImage(QPointF(0, 0), pixels);
    }
    {
        QBuffer buffer(&pdf);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        QPainter painter(&writer);
        painter.drawImage(QPointF(0, 0), pixels);
    }
    EXPECT_EQ(test::raster_images(svg.toStdString()), 1);
    EXPECT_EQ(test::raster_images(pdf.toStdString()), 1);

    test::TempDir dir;
    for (const char* name : {"f.svg", "f.pdf"}) {
        save_figure(small_sheet(), QString::fromStdString(dir.file(name).string()));
        EXPECT_EQ(test::raster_images(test::read_file(dir.file(name))), 0) << name;
    }
}

}  // namespace
}  // namespace treelab
