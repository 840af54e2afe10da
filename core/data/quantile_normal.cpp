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

QuantileNormal::QuantileNormal(const Eigen::VectorXd& quantiles)
    : quantiles_(quantiles), references_(references(quantiles.size())), reversed_quantiles_(-quantiles.reverse()) {
    reversed_references_ = -references_.reverse();
    constexpr double tail = bounds_threshold - std::numeric_limits<double>::epsilon();
    clip_min_ = normal_quantile(tail);
    clip_max_ = normal_quantile(1.0 - tail);
}

double QuantileNormal::operator()(double x) const {
    const Eigen::Index n = quantiles_.size();
    // Averaging the interpolation from both ends handles repeated quantiles symmetrically.
    double p = 0.5 * (interp(x, quantiles_, references_) - interp(-x, reversed_quantiles_, reversed_references_));
    if (x + bounds_threshold > quantiles_(n - 1)) p = 1.0;
    if (x - bounds_threshold < quantiles_(0)) p = 0.0;
    return p <= 0.0 ? clip_min_ : p >= 1.0 ? clip_max_ : std::clamp(normal_quantile(p), clip_min_, clip_max_);
}

double QuantileNormal::approximate_inverse(double z) const {
    if (!(z > clip_min_)) return quantiles_(0);
    if (!(z < clip_max_)) return quantiles_(quantiles_.size() - 1);
    return interp(boost::math::cdf(boost::math::normal(), z), references_, quantiles_);
}

void quantile_normal(Eigen::Ref<Eigen::VectorXd> column, const Eigen::VectorXd& quantiles) {
    const QuantileNormal transform(quantiles);
    for (Eigen::Index i = 0; i < column.size(); ++i) column(i) = transform(column(i));
}

}  // namespace treelab
