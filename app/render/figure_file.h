#pragma once
// Writes a FigureSheet as SVG, PNG or PDF, chosen by the file's suffix, written atomically
// (QSaveFile: a failed write leaves any previous file untouched). Needs a QGuiApplication (fonts).
#include <QSize>
#include <QString>

#include "app/render/figure_sheet.h"

namespace treelab {

// True for .svg, .png and .pdf (any case).
bool is_figure_file(const QString& file);

// `size` in pixels (PNG) or points (SVG, PDF); empty = the sheet's natural size. The sheet is
// scaled to fit, keeping its proportions. Throws treelab::Error naming the file and the reason.
void save_figure(const FigureSheet& sheet, const QString& file, QSize size = {});

}  // namespace treelab
