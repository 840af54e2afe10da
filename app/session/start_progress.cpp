#include "app/session/start_progress.h"

#include <algorithm>
#include <numeric>

namespace treelab {

std::pair<int, int> StartProgress::after(int start, int starts, int epoch, int total) {
    if (starts <= 1) return {epoch, total};
    if (done_.size() < static_cast<std::size_t>(starts)) done_.resize(static_cast<std::size_t>(starts), 0);
    int& done = done_[static_cast<std::size_t>(std::clamp(start, 0, starts - 1))];
    done = std::max(done, epoch);
    const int all = std::accumulate(done_.begin(), done_.end(), 0);
    return {all, total > 0 ? total * starts : 0};
}

}  // namespace treelab
