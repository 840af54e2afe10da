#include "ui/figure_export.h"

#include <QFileInfo>
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

// Draws `view` filling `size` on `device`. A plot lays itself out again at that size (so its text
// keeps its point size); any other widget is scaled uniformly and centred, as it looks on screen.
void paint(QWidget* view, QPaintDevice& device, QSize size) {
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
        QCPPainter painter(&device);
        plot->toPainter(&painter, size.width(), size.height());
        return;
    }
    QPainter painter(&device);
    painter.setRenderHint(QPainter::Antialiasing);
    const QSize shown = view->size().isEmpty() ? view->sizeHint() : view->size();
    const double scale = std::min(double(size.width()) / shown.width(), double(size.height()) / shown.height());
    painter.translate((size.width() - scale * shown.width()) / 2.0, (size.height() - scale * shown.height()) / 2.0);
    painter.scale(scale, scale);
    view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
}

void write_png(QWidget* view, QSaveFile& out, QSize size) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    paint(view, image, size);
    if (!image.save(&out, "PNG")) fail(out.fileName(), out.errorString());
}

void write_svg(QWidget* view, QSaveFile& out, QSize size) {
    QSvgGenerator generator;
    generator.setOutputDevice(&out);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(), size));
    generator.setTitle(QFileInfo(out.fileName()).completeBaseName());
    generator.setDescription(QObject::tr("Exported from TreeLab"));
    paint(view, generator, size);
}

void write_pdf(QWidget* view, QSaveFile& out, QSize size) {
    QPdfWriter writer(&out);
    // One device unit per point, so a pixel size on screen becomes the same number of points.
    writer.setResolution(72);
    writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
    writer.setPageMargins(QMarginsF());
    writer.setTitle(QFileInfo(out.fileName()).completeBaseName());
    writer.setCreator(QStringLiteral("TreeLab"));
    paint(view, writer, size);
}

}  // namespace

FigureFormat figure_format(const QString& file) {
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("png")) return FigureFormat::Png;
    if (suffix == QLatin1String("svg")) return FigureFormat::Svg;
    if (suffix == QLatin1String("pdf")) return FigureFormat::Pdf;
    fail(file, QObject::tr("the name must end in .png, .svg or .pdf"));
}

void export_figure(QWidget* view, const QString& file, QSize size) {
    const FigureFormat format = figure_format(file);
    if (size.isEmpty()) size = view->size();
    if (size.isEmpty()) fail(file, QObject::tr("the view has no size yet"));
    QSaveFile out(file);  // written beside the target and renamed into place by commit()
    if (!out.open(QIODevice::WriteOnly)) fail(file, out.errorString());
    switch (format) {
    case FigureFormat::Png: write_png(view, out, size); break;
    case FigureFormat::Svg: write_svg(view, out, size); break;
    case FigureFormat::Pdf: write_pdf(view, out, size); break;
    }
    if (!out.commit()) fail(file, out.errorString());
}

}  // namespace treelab
