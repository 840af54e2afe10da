#include "core/data/quantile_normal.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <boost/math/distributions/normal.hpp>

namespace treelab {
namespace {

// sklearn's BOUNDS_THRESHOLD: inputs this close to the extreme quantiles map to the extremes.
constexpr double bounds_threshold = 1e-7;

// np.linspace(0, 1, n): i * (1 / (n - 1)), the last one exactly 1.
Eigen::VectorXd references(Eigen::Index n) {
    Eigen::VectorXd r = Eigen::VectorXd::Zero(n);
    if (n < 2) return r;
    const double step = 1.0 / static_cast<double>(n - 1);
    for (Eigen::Index i = 0; i < n; ++i) r(i) = static_cast<double>(i) * step;
    r(n - 1) = 1.0;
    return r;
}

// np.interp (numpy/core/src/multiarray/compiled_base.c) with xp sorted, ties allowed.
double interp(double x, const Eigen::VectorXd& xp, const Eigen::VectorXd& fp) {
    const Eigen::Index n = xp.size();
    if (x < xp(0)) return fp(0);
    if (x > xp(n - 1)) return fp(n - 1);
    const Eigen::Index j = std::upper_bound(xp.data(), xp.data() + n, x) - xp.data() - 1;  // xp[j] <= x < xp[j+1]
    if (j == n - 1 || xp(j) == x) return fp(j);
    const double slope = (fp(j + 1) - fp(j)) / (xp(j + 1) - xp(j));
    double result = slope * (x - xp(j)) + fp(j);
    if (std::isnan(result)) {
        result = slope * (x - xp(j + 1)) + fp(j + 1);
        if (std::isnan(result) && fp(j) == fp(j + 1)) result = fp(j);
    }
    return result;
}

double normal_quantile(double p) { return boost::math::quantile(boost::math::normal(), p); }

}  // namespace

Eigen::VectorXd fit_quantiles(std::vector<double> values, int n_quantiles) {
    std::sort(values.begin(), values.end());
    const auto n = static_cast<Eigen::Index>(values.size());
    const Eigen::VectorXd r = references(std::max<Eigen::Index>(1, std::min<Eigen::Index>(n_quantiles, n)));
    Eigen::VectorXd quantiles(r.size());
    for (Eigen::Index i = 0; i < r.size(); ++i) {
        // nanpercentile receives references * 100 and divides by 100 again; keep that rounding.
        const double q = r(i) * 100.0 / 100.0;
        const double index = static_cast<double>(n - 1) * q;
        if (index >= static_cast<double>(n - 1)) {
            quantiles(i) = values.back();
            continue;
        }
        const double below = std::floor(index);
        const double gamma = index - below;
        const double a = values[static_cast<std::size_t>(below)], b = values[static_cast<std::size_t>(below) + 1];
        const double diff = b - a;
        // numpy's _lerp interpolates from the nearer end.
        quantiles(i) = gamma >= 0.5 ? b - diff * (1.0 - gamma) : a + diff * gamma;
        if (i > 0) quantiles(i) = std::max(quantiles(i), quantiles(i - 1));  // np.maximum.accumulate
    }
    return quantiles;
}

void quantile_normal(Eigen::Ref<Eigen::VectorXd> column, const Eigen::VectorXd& quantiles) {
    const Eigen::Index n = quantiles.size();
    const Eigen::VectorXd r = references(n);
    const Eigen::VectorXd reversed_quantiles = -quantiles.reverse();
    const Eigen::VectorXd reversed_references = -r.reverse();
    constexpr double tail = bounds_threshold - std::numeric_limits<double>::epsilon();
    const double clip_min = normal_quantile(tail), clip_max = normal_quantile(1.0 - tail);
    for (Eigen::Index i = 0; i < column.size(); ++i) {
        const double x = column(i);
        // Averaging the interpolation from both ends handles repeated quantiles symmetrically.
        double p = 0.5 * (interp(x, quantiles, r) - interp(-x, reversed_quantiles, reversed_references));
        if (x + bounds_threshold > quantiles(n - 1)) p = 1.0;
        if (x - bounds_threshold < quantiles(0)) p = 0.0;
        column(i) = p <= 0.0 ? clip_min : p >= 1.0 ? clip_max : std::clamp(normal_quantile(p), clip_min, clip_max);
    }
}

}  // namespace treelab
