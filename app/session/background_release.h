#pragma once
// Drops a reference to something large (a million-row table, a routing of its rows) on a pool
// thread, where it is freed if it was the last one: freeing that much memory took the GUI thread
// tens of milliseconds (70 ms for a table replaced by the next file).
#include <memory>

#include <QThreadPool>

namespace treelab {

template <typename T>
void release_in_background(std::shared_ptr<T> object) {
    if (!object) return;
    QThreadPool::globalInstance()->start([object = std::move(object)]() mutable { object.reset(); });
}

}  // namespace treelab
