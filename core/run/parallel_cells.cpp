#include "core/run/parallel_cells.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace treelab {

bool CellCounter::keep_going() {
    if (stopped_) return false;
    if (!progress_) return true;
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!progress_(done_, total_)) stopped_ = true;
    return !stopped_;
}

void for_each_cell(int jobs, std::size_t cells, const CellCounter& counter, const std::function<void(std::size_t)>& cell) {
    tbb::task_arena arena(jobs == 0 ? tbb::task_arena::automatic : jobs);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, cells, 1), [&](const tbb::blocked_range<std::size_t>& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i)
                if (!counter.stopped()) cell(i);
        });
    });
}

}  // namespace treelab
