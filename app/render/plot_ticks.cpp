#include "app/render/plot_ticks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace treelab {
namespace {

// The nice step nearest range / count: 1, 2, 2.5 or 5 times a power of ten.
double nice_step(double range, int count) {
    const double rough = range / std::max(1, count);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    const double fraction = rough / power;
    const double nice = fraction < 1.5 ? 1.0 : fraction < 2.25 ? 2.0 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5.0 : 10.0;
    return nice * power;
}

std::string printed(const char* format, double value, int precision) {
    char text[64];
    std::snprintf(text, sizeof text, format, precision, value);
    return text;
}

// Decimals enough to tell ticks `step` apart; scientific for very large or very small numbers.
std::string linear_label(double value, double step) {
    if (std::abs(value) < step * 1e-9) value = 0.0;  // no "-0.0"
    const double magnitude = std::max(std::abs(value), step);
    if (magnitude >= 1e6 || step < 1e-4) return printed("%.*g", value, 3);
    int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
    if (std::abs(std::round(step * std::pow(10.0, decimals)) - step * std::pow(10.0, decimals)) > 1e-6) ++decimals;  // 2.5 steps
    return printed("%.*f", value, decimals);
}

std::string decade_label(double value) {
    const int exponent = static_cast<int>(std::lround(std::log10(value)));
    if (exponent >= -3 && exponent <= 4) return linear_label(value, std::pow(10.0, std::min(exponent, 0)));
    return printed("%.*g", value, 2);
}

}  // namespace

AxisTicks linear_ticks(double low, double high, int count, bool whole) {
    if (!(high > low)) {
        const double half = low == 0.0 ? 0.5 : std::max(std::abs(low) * 0.05, whole ? 1.0 : 0.0);
        low -= half;
        high += half;
    }
    double step = nice_step(high - low, count);
    if (whole) step = std::max(1.0, std::round(step));
    AxisTicks ticks{low, high, {}, {}};
    for (double tick = std::ceil(low / step - 1e-9) * step; tick <= high + step * 1e-9; tick += step) {
        const double clean = std::abs(tick) < step * 1e-9 ? 0.0 : tick;
        ticks.values.push_back(clean);
        ticks.labels.push_back(linear_label(clean, step));
    }
    return ticks;
}

AxisTicks log_ticks(double low, double high, double zero_at) {
    AxisTicks ticks{low, high, {}, {}};
    const int first = static_cast<int>(std::floor(std::log10(low) + 1e-9)), last = static_cast<int>(std::ceil(std::log10(high) - 1e-9));
    const bool between = std::log10(high) - std::log10(low) < 2.0;
    for (int exponent = first; exponent <= last; ++exponent)
        for (const double mantissa : between ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
            const double tick = mantissa * std::pow(10.0, exponent);
            if (tick < low * (1 - 1e-9) || tick > high * (1 + 1e-9)) continue;
            ticks.values.push_back(tick);
            const bool zero = zero_at > 0.0 && std::abs(tick / zero_at - 1.0) < 1e-9;
            ticks.labels.push_back(zero ? "0" : mantissa == 1 ? decade_label(tick) : linear_label(tick, std::pow(10.0, std::min(exponent, 0))));
        }
    return ticks;
}

}  // namespace treelab
