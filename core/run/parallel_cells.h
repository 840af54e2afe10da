#pragma once
// Independent cells (a sweep's rows, a comparison's folds × methods) on every core: a shared count
// of finished cells, the caller's progress callback called one thread at a time, and one stop for
// every cell once it returns false.
#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>

namespace treelab {

// Cells done out of cells expected; return false = stop now.
using CellProgress = std::function<bool(int done, int total)>;

class CellCounter {
public:
    CellCounter(const CellProgress& progress, int total) : progress_(progress), total_(total) {}
    void set_total(int total) { total_ = total; }
    void cell_done() { ++done_; }
    void stop() { stopped_ = true; }
    bool stopped() const { return stopped_; }
    bool keep_going();  // asks the callback (if any); false once stopped

private:
    const CellProgress& progress_;
    std::atomic<int> total_, done_{0};
    std::atomic<bool> stopped_{false};
    std::mutex mutex_;
};

// cell(i) for i in [0, cells) on up to `jobs` threads (0 = one per core), skipping what has not
// started once the counter is stopped. Which thread runs which cell is not fixed, so a cell must
// not depend on another.
void for_each_cell(int jobs, std::size_t cells, const CellCounter& counter, const std::function<void(std::size_t)>& cell);

}  // namespace treelab
