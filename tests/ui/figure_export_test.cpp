// export_figure: PNG, SVG and PDF of a plot and of a plain widget, read back; failures leave nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <QImage>
#include <QLabel>
#include <QSvgRenderer>
#include <QXmlStreamReader>
#include <qcustomplot.h>

#include "core/error.h"
#include "tests/support/test_support.h"
#include "ui/figure_export.h"

namespace treelab {
namespace {

std::unique_ptr<QCustomPlot> sample_plot() {
    auto plot = std::make_unique<QCustomPlot>();
    plot->addGraph()->setData({1, 2, 3, 4}, {1.0, 0.5, 0.3, 0.25});
    plot->xAxis->setLabel("epoch");
    plot->rescaleAxes();
    plot->resize(400, 300);
    return plot;
}

std::unique_ptr<QLabel> sample_widget() {
    auto label = std::make_unique<QLabel>("<b>TreeLab</b> figure export");
    label->resize(300, 100);
    return label;
}

std::string head(const std::filesystem::path& file, std::size_t bytes) {
    std::ifstream in(file, std::ios::binary);
    std::string text(bytes, '\0');
    in.read(text.data(), std::streamsize(bytes));
    return text.substr(0, std::size_t(in.gcount()));
}

void expect_valid_exports(QWidget* view, const test::TempDir& dir) {
    const QString png = QString::fromStdString(dir.file("figure.png").string());
    export_figure(view, png, QSize(640, 480));
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(640, 480));

    const QString svg = QString::fromStdString(dir.file("figure.SVG").string());  // suffix in any case
    export_figure(view, svg);
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svgFile);
    ASSERT_TRUE(xml.readNextStartElement());
    EXPECT_EQ(xml.name(), QLatin1String("svg"));

    const auto pdf = dir.file("figure.pdf");
    export_figure(view, QString::fromStdString(pdf.string()), QSize(800, 600));
    EXPECT_EQ(head(pdf, 5), "%PDF-");
    EXPECT_GT(std::filesystem::file_size(pdf), 1000u);
}

// A QCustomPlot exports to all three formats, each parsed back.
TEST(FigureExport, PlotToPngSvgPdf) {
    test::TempDir dir;
    const auto plot = sample_plot();
    expect_valid_exports(plot.get(), dir);
}

// Any other widget exports through QWidget::render, to all three formats.
TEST(FigureExport, WidgetToPngSvgPdf) {
    test::TempDir dir;
    const auto widget = sample_widget();
    expect_valid_exports(widget.get(), dir);
}

// With a caption (the run card), every format is still valid and the SVG holds the command text.
TEST(FigureExport, CaptionUnderAnyView) {
    test::TempDir dir;
    const auto plot = sample_plot();
    const QString caption = "latent, seed 1225, glass.csv (sha256 0123456789ab): treelab-cli train --data glass.csv";
    const QString svg = QString::fromStdString(dir.file("plot.svg").string());
    export_figure(plot.get(), svg, QSize(500, 400), caption);
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    QFile svgFile(svg);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QString::fromUtf8(svgFile.readAll()).contains("treelab-cli train --data glass.csv"));

    const QString png = QString::fromStdString(dir.file("plot.png").string());
    export_figure(plot.get(), png, QSize(500, 400), caption);
    EXPECT_EQ(QImage(png).size(), QSize(500, 400));
    const auto pdf = dir.file("label.pdf");
    const auto widget = sample_widget();
    export_figure(widget.get(), QString::fromStdString(pdf.string()), QSize(500, 300), caption);
    EXPECT_EQ(head(pdf, 5), "%PDF-");
}

// An unknown suffix or a folder that does not exist throws an Error naming the file and leaves
// no file (and no temporary file) behind; an existing file is left as it was.
TEST(FigureExport, FailuresNameTheFileAndLeaveNothing) {
    test::TempDir dir;
    const auto plot = sample_plot();
    const QString missing = QString::fromStdString(dir.file("no/such/folder/plot.png").string());
    try {
        export_figure(plot.get(), missing);
        FAIL() << "no error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("plot.png"), std::string::npos) << error.what();
    }
    EXPECT_THROW(export_figure(plot.get(), QString::fromStdString(dir.file("plot.bmp").string())), Error);
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));

    const auto kept = dir.write("kept.png", "previous");
    const auto tiny = std::make_unique<QLabel>();
    tiny->resize(0, 0);
    EXPECT_THROW(export_figure(tiny.get(), QString::fromStdString(kept.string())), Error);
    EXPECT_EQ(head(kept, 100), "previous");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator()), 1);
}

}  // namespace
}  // namespace treelab
