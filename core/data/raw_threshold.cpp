// raw_threshold.h.
#include "core/data/raw_threshold.h"

#include <bit>
#include <cmath>
#include <cstdint>

#include "core/error.h"

namespace treelab {
namespace {

constexpr std::uint64_t kSign = std::uint64_t{1} << 63;

// Doubles to integers in the same order (−0 just below +0): negative patterns reversed below the
// positive ones.
std::uint64_t order_key(double x) {
    const auto bits = std::bit_cast<std::uint64_t>(x);
    return (bits & kSign) ? ~bits : bits | kSign;
}

double from_key(std::uint64_t key) { return std::bit_cast<double>((key & kSign) ? key & ~kSign : ~key); }

}  // namespace

RawThreshold raw_threshold(const std::function<double(double)>& scaled, double t, double guess) {
    if (std::isnan(t)) throw Error("a split threshold is not a number; it cannot be mapped to the data's units");
    const auto left = [&](std::uint64_t key) { return scaled(from_key(key)) <= t; };  // NaN compares false: right
    std::uint64_t low = order_key(std::numeric_limits<double>::lowest()), high = order_key(std::numeric_limits<double>::max());
    if (!left(low)) return {RawThreshold::Routes::EveryRowRight};
    if (left(high)) return {RawThreshold::Routes::EveryRowLeft};
    // Invariant: left(low), !left(high). Gallop from the guess to bracket the change closely.
    if (std::isfinite(guess)) {
        const std::uint64_t start = order_key(guess);
        if (left(start)) {
            low = start;
            for (std::uint64_t step = 1; high - low > step; step *= 2) {
                if (!left(low + step)) {
                    high = low + step;
                    break;
                }
                low += step;
            }
        } else {
            high = start;
            for (std::uint64_t step = 1; high - low > step; step *= 2) {
                if (left(high - step)) {
                    low = high - step;
                    break;
                }
                high -= step;
            }
        }
    }
    while (high - low > 1) {
        const std::uint64_t middle = low + (high - low) / 2;
        (left(middle) ? low : high) = middle;
    }
    return {RawThreshold::Routes::Split, from_key(low)};
}

}  // namespace treelab
