#pragma once
// How small text may get on this screen before a user cannot read it: the platform's smallest
// readable font (QFontDatabase::SmallestReadableFont), in device-independent pixels. Views that
// zoom (the tree canvas, the figure view) open at a zoom that draws their smallest text at least
// this large.
class QWidget;

namespace treelab {

// Never larger than the widget's own font: a platform theme without a small font falls back on
// the font database's default, which can be larger than the text the widgets use.
double smallFontPixels(const QWidget* widget);

// The zoom at which text of `textSize` layout units is drawn at smallFontPixels(widget).
double readableZoom(const QWidget* widget, double textSize);

}  // namespace treelab
