#pragma once
// Colours of the tree pictures: the sequential maps of 000's figures (matplotlib's ColorBrewer
// "Reds" for Fig. 3, "PuBu" for Fig. 4) and a qualitative palette for classes.
#include <string>

#include <QColor>

namespace treelab {

enum class Colormap { Reds, PuBu };
std::string to_string(Colormap map);
Colormap colormap_from_string(const std::string& text);  // "reds" | "pubu", throws ParamError

// t in [0, 1] (clamped), interpolated linearly between the nine ColorBrewer steps.
QColor colormap_color(Colormap map, double t);
// matplotlib's tab10, repeated past ten classes.
QColor class_color(int class_index);
// Black or white, whichever reads better on `fill`.
QColor text_color_on(const QColor& fill);

}  // namespace treelab
