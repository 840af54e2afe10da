#include "core/data/numpy_random.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace treelab {

std::uint64_t NumpyRandom::interval(std::uint64_t max) {
    if (max == 0) return 0;
    std::uint64_t mask = max;  // smallest 2^k - 1 >= max
    for (int shift = 1; shift < 64; shift *= 2) mask |= mask >> shift;
    std::uint64_t value = 0;
    if (max <= 0xffffffffULL) {
        do {
            value = engine_() & mask;
        } while (value > max);
    } else {
        do {
            const std::uint64_t high = engine_();
            value = ((high << 32) | engine_()) & mask;
        } while (value > max);
    }
    return value;
}

void NumpyRandom::shuffle(RowIndices& rows) {
    for (std::size_t i = rows.size(); i-- > 1;) std::swap(rows[i], rows[interval(i)]);
}

double NumpyRandom::uniform() {
    const std::uint32_t high = engine_() >> 5, low = engine_() >> 6;
    return (high * 67108864.0 + low) / 9007199254740992.0;
}

double NumpyRandom::gauss() {
    if (has_gauss_) {
        has_gauss_ = false;
        return cached_gauss_;
    }
    double x1 = 0.0, x2 = 0.0, r2 = 0.0;
    do {
        x1 = 2.0 * uniform() - 1.0;
        x2 = 2.0 * uniform() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    cached_gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
}

RowIndices numpy_permutation(Eigen::Index n, std::uint32_t seed) {
    RowIndices rows(static_cast<std::size_t>(std::max<Eigen::Index>(n, 0)));
    std::iota(rows.begin(), rows.end(), Eigen::Index{0});
    NumpyRandom(seed).shuffle(rows);
    return rows;
}

}  // namespace treelab
