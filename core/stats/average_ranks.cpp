#include "core/stats/average_ranks.h"

#include <algorithm>
#include <numeric>

namespace treelab {

AverageRanks average_ranks(std::span<const double> values) {
    const std::size_t n = values.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) { return values[l] < values[r]; });
    AverageRanks result;
    result.ranks.resize(n);
    for (std::size_t first = 0; first < n;) {
        std::size_t last = first + 1;
        while (last < n && values[order[last]] == values[order[first]]) ++last;
        // positions first..last-1 hold equal values: ranks first+1..last, averaged
        const double rank = 0.5 * static_cast<double>(first + 1 + last);
        for (std::size_t i = first; i < last; ++i) result.ranks[order[i]] = rank;
        if (last - first > 1) result.tie_sizes.push_back(static_cast<int>(last - first));
        first = last;
    }
    return result;
}

}  // namespace treelab
