#pragma once
// The export dialog's second step: the figure's size in points (its natural size by default; PDF
// pages and SVG view boxes take it as it is) and, for a PNG, its resolution (300 DPI by default),
// with the pixel size that gives.
#include <optional>

#include <QSize>
#include <QSizeF>
#include <QString>

class QWidget;

namespace treelab {

struct FigureExportSettings {
    QSize size;          // points
    double dpi = 300.0;  // PNG only
};

// Asks for the size (and for a .png `file` the resolution) of a figure whose natural size is
// `natural` points; nullopt when cancelled.
std::optional<FigureExportSettings> ask_figure_export_settings(QWidget* parent, const QString& file, QSizeF natural);

}  // namespace treelab
