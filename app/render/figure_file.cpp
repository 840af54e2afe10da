#include "app/render/figure_file.h"

#include <algorithm>
#include <cmath>

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include "core/error.h"

namespace treelab {
namespace {

// PDF viewers refuse pages over 200 inches (14,400 pt); PNGs that large already take 800 MB.
constexpr double kLargestSide = 14400.0;

QString suffix_of(const QString& file) { return QFileInfo(file).suffix().toLower(); }

QSize natural_size(const FigureSheet& sheet) {
    const QSizeF natural = sheet_size(sheet);
    const double shrink = std::min(1.0, kLargestSide / std::max(natural.width(), natural.height()));
    return QSize(static_cast<int>(std::ceil(shrink * natural.width())), static_cast<int>(std::ceil(shrink * natural.height())));
}

QByteArray render_png(const FigureSheet& sheet, QSize size) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) return {};  // too large for memory
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        paint_sheet(painter, sheet, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

QByteArray render_svg(const FigureSheet& sheet, QSize size, const QString& title) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(QString::fromStdString(sheet.caption));  // the run card travels with the picture
    {
        QPainter painter(&svg);
        paint_sheet(painter, sheet, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return bytes;
}

QByteArray render_pdf(const FigureSheet& sheet, QSize size, const QString& title) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setTitle(title);
        pdf.setCreator(QString::fromStdString(sheet.caption));
        pdf.setResolution(72);  // one painter unit = one point
        pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&pdf);
        paint_sheet(painter, sheet, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return bytes;
}

}  // namespace

bool is_figure_file(const QString& file) {
    const QString suffix = suffix_of(file);
    return suffix == "svg" || suffix == "png" || suffix == "pdf";
}

void save_figure(const FigureSheet& sheet, const QString& file, QSize size) {
    if (!is_figure_file(file))
        throw Error("cannot write " + file.toStdString() + ": the figure file must end in .svg, .png or .pdf");
    if (size.isEmpty()) size = natural_size(sheet);
    const QString title = QFileInfo(file).completeBaseName();
    const QString suffix = suffix_of(file);
    const QByteArray bytes = suffix == "png"   ? render_png(sheet, size)
                             : suffix == "svg" ? render_svg(sheet, size, title)
                                               : render_pdf(sheet, size, title);
    if (bytes.isEmpty()) throw Error("cannot write " + file.toStdString() + ": the picture could not be rendered");
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
        throw Error("cannot write " + file.toStdString() + ": " + out.errorString().toStdString());
}

}  // namespace treelab
