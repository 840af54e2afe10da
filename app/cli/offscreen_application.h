#pragma once
// The commands that paint figures (`draw`, `plot`) need fonts, hence a QGuiApplication; Qt's
// offscreen platform needs no display.
#include <memory>

#include <QGuiApplication>

namespace treelab::cli {

// A QGuiApplication on the offscreen platform, unless one exists already (then null).
std::unique_ptr<QGuiApplication> offscreen_application();

}  // namespace treelab::cli
