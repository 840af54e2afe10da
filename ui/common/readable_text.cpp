#include "ui/common/readable_text.h"

#include <algorithm>

#include <QFontDatabase>
#include <QFontInfo>
#include <QWidget>

namespace treelab {

double smallFontPixels(const QWidget* widget) {
    const QFont small = QFontDatabase::systemFont(QFontDatabase::SmallestReadableFont);
    // QFontInfo resolves a point size to pixels at the widget's screen resolution.
    const double smallPixels = QFontInfo(small).pixelSize();
    const double ownPixels = QFontInfo(widget->font()).pixelSize();
    return std::max(1.0, std::min(smallPixels, ownPixels));
}

double readableZoom(const QWidget* widget, double textSize) { return smallFontPixels(widget) / std::max(textSize, 1e-9); }

}  // namespace treelab
