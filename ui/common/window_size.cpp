#include "ui/common/window_size.h"

#include <algorithm>

namespace treelab {
namespace {

const QSize kPreferred(1280, 820);
constexpr int kTitleBar = 32;  // the window manager's frame above the client area

}  // namespace

QSize default_window_size(const QSize& available) {
    if (available.isEmpty()) return kPreferred;
    return QSize(std::min(kPreferred.width(), available.width()), std::min(kPreferred.height(), available.height() - kTitleBar));
}

}  // namespace treelab
