#pragma once
// The main window's first size: 1280 × 820 where the screen has room, else the screen's available
// area less a title bar, so a 1366 × 768 laptop screen shows the whole window.
#include <QSize>

namespace treelab {

QSize default_window_size(const QSize& available);

}  // namespace treelab
