#pragma once
// For tests and benches that need a file loaded before they go on: DataPanel reads in the
// background, so this runs the event loop (as a user's session would) until the read has ended.
#include <QEventLoop>
#include <QObject>
#include <QTimer>

#include "ui/data_panel.h"

namespace treelab::test {

// Opens `file` in the panel and waits for the read to end; true when it replaced the data.
inline bool load_data(DataPanel& panel, const QString& file, int timeout_ms = 120000) {
    bool loaded = false;
    QEventLoop loop;
    QObject::connect(&panel, &DataPanel::dataChanged, &loop, [&loaded] { loaded = true; });
    QObject::connect(&panel, &DataPanel::loadEnded, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
    panel.openFile(file);
    if (panel.isLoading()) loop.exec();
    return loaded;
}

}  // namespace treelab::test
