#include "ui/figure_export.h"

#include <algorithm>

#include <QFileInfo>
#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>
#include <qcustomplot.h>

#include "core/error.h"

namespace treelab {
namespace {

[[noreturn]] void fail(const QString& file, const QString& reason) {
    throw Error(QObject::tr("Cannot export the figure to %1: %2").arg(file, reason).toStdString());
}

constexpr int kCaptionMargin = 8;

QFont caption_font() {
    QFont font;
    font.setPixelSize(12);
    return font;
}

// Height of the band `caption` needs, wrapped to `width`; 0 without a caption.
int caption_band(const QString& caption, int width) {
    if (caption.isEmpty()) return 0;
    const QRect bounds = QFontMetrics(caption_font()).boundingRect(QRect(0, 0, width - 2 * kCaptionMargin, 100000),
                                                                   Qt::TextWordWrap, caption);
    return bounds.height() + 2 * kCaptionMargin;
}

void paint_caption(QPainter& painter, QSize size, const QString& caption, int band) {
    painter.save();
    painter.resetTransform();
    painter.setFont(caption_font());
    painter.setPen(QColor(0x555555));
    painter.drawText(QRect(kCaptionMargin, size.height() - band + kCaptionMargin, size.width() - 2 * kCaptionMargin,
                           band - 2 * kCaptionMargin),
                     Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption);
    painter.restore();
}

// Draws `view` filling `size` on `device`, above a band holding `caption`, with one painter (an
// SVG or PDF document ends with its painter). A plot lays itself out again at its part of the
// size (so its text keeps its point size); any other widget is scaled uniformly and centred, as
// it looks on screen.
void paint(QWidget* view, QPaintDevice& device, QSize size, const QString& caption) {
    const int band = caption_band(caption, size.width());
    const QSize picture(size.width(), std::max(1, size.height() - band));
    QCPPainter painter(&device);
    painter.save();
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
        plot->toPainter(&painter, picture.width(), picture.height());
    } else {
        painter.setRenderHint(QPainter::Antialiasing);
        const QSize shown = view->size().isEmpty() ? view->sizeHint() : view->size();
        const double scale = std::min(double(picture.width()) / shown.width(), double(picture.height()) / shown.height());
        painter.translate((picture.width() - scale * shown.width()) / 2.0, (picture.height() - scale * shown.height()) / 2.0);
        painter.scale(scale, scale);
        view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    painter.restore();
    if (band > 0) paint_caption(painter, size, caption, band);
}

void write_png(QWidget* view, QSaveFile& out, QSize size, const QString& caption) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    paint(view, image, size, caption);
    if (!image.save(&out, "PNG")) fail(out.fileName(), out.errorString());
}

void write_svg(QWidget* view, QSaveFile& out, QSize size, const QString& caption) {
    QSvgGenerator generator;
    generator.setOutputDevice(&out);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(), size));
    generator.setTitle(QFileInfo(out.fileName()).completeBaseName());
    generator.setDescription(caption.isEmpty() ? QObject::tr("Exported from TreeLab") : caption);
    paint(view, generator, size, caption);
}

void write_pdf(QWidget* view, QSaveFile& out, QSize size, const QString& caption) {
    QPdfWriter writer(&out);
    // One device unit per point, so a pixel size on screen becomes the same number of points.
    writer.setResolution(72);
    writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
    writer.setPageMargins(QMarginsF());
    writer.setTitle(QFileInfo(out.fileName()).completeBaseName());
    writer.setCreator(QStringLiteral("TreeLab"));
    paint(view, writer, size, caption);
}

}  // namespace

FigureFormat figure_format(const QString& file) {
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("png")) return FigureFormat::Png;
    if (suffix == QLatin1String("svg")) return FigureFormat::Svg;
    if (suffix == QLatin1String("pdf")) return FigureFormat::Pdf;
    fail(file, QObject::tr("the name must end in .png, .svg or .pdf"));
}

void export_figure(QWidget* view, const QString& file, QSize size) { export_figure(view, file, size, QString()); }

void export_figure(QWidget* view, const QString& file, QSize size, const QString& caption) {
    const FigureFormat format = figure_format(file);
    if (size.isEmpty()) size = view->size();
    if (size.isEmpty()) fail(file, QObject::tr("the view has no size yet"));
    QSaveFile out(file);  // written beside the target and renamed into place by commit()
    if (!out.open(QIODevice::WriteOnly)) fail(file, out.errorString());
    switch (format) {
    case FigureFormat::Png: write_png(view, out, size, caption); break;
    case FigureFormat::Svg: write_svg(view, out, size, caption); break;
    case FigureFormat::Pdf: write_pdf(view, out, size, caption); break;
    }
    if (!out.commit()) fail(file, out.errorString());
}

}  // namespace treelab
