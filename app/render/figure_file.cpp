#include "app/render/figure_file.h"

#include <algorithm>
#include <cmath>

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include "core/error.h"
#include "core/io/atomic_file.h"

namespace treelab {
namespace {

// PDF viewers refuse pages over 200 inches (14,400 pt); PNGs that large already take 800 MB.
constexpr double kLargestSide = 14400.0;
constexpr int kLargestPngSide = 20000;

QString suffix_of(const QString& file) { return QFileInfo(file).suffix().toLower(); }

QSize natural_size(const FigureDrawing& figure) {
    const QSizeF natural = figure.natural;
    const double shrink = std::min(1.0, kLargestSide / std::max(natural.width(), natural.height()));
    return QSize(static_cast<int>(std::ceil(shrink * natural.width())), static_cast<int>(std::ceil(shrink * natural.height())));
}

QByteArray render_png(const FigureDrawing& figure, QSize pixels, double dpi) {
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) return {};  // too large for memory
    image.fill(Qt::white);
    const int dots_per_metre = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dots_per_metre);
    image.setDotsPerMeterY(dots_per_metre);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        figure.paint(painter, QRectF(QPointF(0, 0), QSizeF(pixels)));
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QByteArray render_svg(const FigureDrawing& figure, QSize size, const QString& title) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(QString::fromStdString(figure.caption));  // the run card travels with the picture
    {
        QPainter painter(&svg);
        figure.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return bytes;
}

QByteArray render_pdf(const FigureDrawing& figure, QSize size, const QString& title) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setTitle(title);
        pdf.setCreator(QString::fromStdString(figure.caption));
        pdf.setResolution(72);  // one painter unit = one point
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&pdf);
        figure.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return bytes;
}

}  // namespace

FigureDrawing figure_drawing(const FigureSheet& sheet) {
    return {sheet_size(sheet), [sheet](QPainter& painter, const QRectF& target) { paint_sheet(painter, sheet, target); }, sheet.caption};
}

FigureDrawing figure_drawing(const PlotSheet& sheet) {
    return {plot_sheet_size(sheet), [sheet](QPainter& painter, const QRectF& target) { paint_plot_sheet(painter, sheet, target); },
            sheet.caption};
}

bool is_figure_file(const QString& file) {
    const QString suffix = suffix_of(file);
    return suffix == "svg" || suffix == "png" || suffix == "pdf";
}

QSize png_pixels(const FigureDrawing& figure, QSize size, double dpi) {
    const QSizeF points = size.isEmpty() ? QSizeF(natural_size(figure)) : QSizeF(size);
    QSizeF pixels = points * (dpi / 72.0);
    const double shrink = std::min(1.0, kLargestPngSide / std::max(pixels.width(), pixels.height()));
    pixels *= shrink;
    return {std::max(1, static_cast<int>(std::lround(pixels.width()))), std::max(1, static_cast<int>(std::lround(pixels.height())))};
}

void save_figure(const FigureDrawing& figure, const QString& file, QSize size, double dpi) {
    if (!is_figure_file(file))
        throw Error("cannot write " + file.toStdString() + ": the figure file must end in .svg, .png or .pdf");
    if (!(dpi >= 10.0 && dpi <= 2400.0))
        throw Error("cannot write " + file.toStdString() + ": the resolution must be between 10 and 2400 DPI");
    if (size.isEmpty()) size = natural_size(figure);
    const QString title = QFileInfo(file).completeBaseName();
    const QString suffix = suffix_of(file);
    const QByteArray bytes = suffix == "png"   ? render_png(figure, png_pixels(figure, size, dpi), dpi)
                             : suffix == "svg" ? render_svg(figure, size, title)
                                               : render_pdf(figure, size, title);
    if (bytes.isEmpty()) throw Error("cannot write " + file.toStdString() + ": the picture could not be rendered");
    write_file_atomically(file.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

void save_figure(const FigureSheet& sheet, const QString& file, QSize size, double dpi) {
    save_figure(figure_drawing(sheet), file, size, dpi);
}

void save_figure(const PlotSheet& sheet, const QString& file, QSize size, double dpi) {
    save_figure(figure_drawing(sheet), file, size, dpi);
}

}  // namespace treelab
