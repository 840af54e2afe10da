#pragma once
// Writes a figure (trees: FigureSheet; plots: PlotSheet) as SVG, PNG or PDF, chosen by the file's
// suffix, written atomically (QSaveFile: a failed write leaves any previous file untouched). SVG
// and PDF stay vector (text as text, lines as paths); a PNG is rasterised at a chosen resolution.
// Needs a QGuiApplication (fonts).
#include <functional>
#include <string>

#include <QRectF>
#include <QSize>
#include <QSizeF>
#include <QString>

#include "app/render/figure_sheet.h"
#include "app/render/plot_sheet.h"

class QPainter;

namespace treelab {

// Anything the writers here can save: its natural size in points, how it paints itself scaled
// into a rectangle, and its caption (kept as the file's description too).
struct FigureDrawing {
    QSizeF natural;
    std::function<void(QPainter&, const QRectF&)> paint;
    std::string caption;
};
FigureDrawing figure_drawing(const FigureSheet& sheet);
FigureDrawing figure_drawing(const PlotSheet& sheet);

// The resolution of a PNG unless asked otherwise: print quality.
constexpr double kDefaultPngDpi = 300.0;

// True for .svg, .png and .pdf (any case).
bool is_figure_file(const QString& file);

// The size of a PNG of `size` points (empty = the figure's natural size) at `dpi`: points × dpi /
// 72, each side at most 20,000 pixels (larger ones shrink in proportion).
QSize png_pixels(const FigureDrawing& figure, QSize size, double dpi);

// `size` in points (empty = the natural size); the figure is scaled to fit, keeping its
// proportions. A PNG has png_pixels(figure, size, dpi) pixels and says `dpi` in its header.
// Throws treelab::Error naming the file and the reason.
void save_figure(const FigureDrawing& figure, const QString& file, QSize size = {}, double dpi = kDefaultPngDpi);
// Tree figures: one point per layout unit.
void save_figure(const FigureSheet& sheet, const QString& file, QSize size = {}, double dpi = kDefaultPngDpi);
void save_figure(const PlotSheet& sheet, const QString& file, QSize size = {}, double dpi = kDefaultPngDpi);

}  // namespace treelab
