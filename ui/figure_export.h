#pragma once
// Exports what a view shows as PNG, SVG or PDF (chosen by the file's suffix), at a chosen size,
// written atomically (QSaveFile). Any QWidget renders through QWidget::render; QCustomPlot plots
// through their own vector painter so SVG and PDF stay vector.
#include <QSize>
#include <QString>

class QWidget;

namespace treelab {

enum class FigureFormat { Png, Svg, Pdf };

// From the suffix of `file` (.png, .svg, .pdf, any case); throws treelab::Error otherwise.
FigureFormat figure_format(const QString& file);

// Renders `view` at `size` (its current size when empty) into `file`; throws treelab::Error with
// the file name and the reason on failure (the previous file, if any, is left untouched).
void export_figure(QWidget* view, const QString& file, QSize size = {});
// The same with `caption` (e.g. the run card: method, seed, data file and hash, the equivalent
// command) wrapped in a band under the view, inside `size`; an SVG also keeps it as its description.
void export_figure(QWidget* view, const QString& file, QSize size, const QString& caption);

}  // namespace treelab
