#include "core/stats/rank_tests.h"

#include <cmath>
#include <cstdint>
#include <numbers>
#include <string>

#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/tools/roots.hpp>

#include "core/error.h"

namespace treelab {
namespace {

// P(range of k standard normal values > q), the studentized range with infinite degrees of freedom.
// With z the smallest value, P(range ≤ q) = k ∫ φ(z) [Φ(z + q) − Φ(z)]^(k−1) dz and the density of
// the smallest value integrates to one, k ∫ φ(z) Φ̄(z)^(k−1) dz = 1 (Φ̄ = 1 − Φ), so the upper tail is
// k ∫ φ(z) {Φ̄(z)^(k−1) − [Φ(z + q) − Φ(z)]^(k−1)} dz, integrated directly rather than as 1 − CDF.
double upper_normal(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }  // Φ̄(z)

double range_upper_tail(int k, double q) {
    auto integrand = [&](double z) {
        const double above = upper_normal(z);
        // Φ(z + q) − Φ(z), taken from whichever tail keeps its digits
        const double within = z > 0 ? above - upper_normal(z + q) : upper_normal(-z - q) - upper_normal(-z);
        const double density = std::exp(-0.5 * z * z) * (0.5 * std::numbers::inv_sqrtpi * std::numbers::sqrt2);
        return density * (std::pow(above, k - 1) - std::pow(within, k - 1));
    };
    // The integrand is smooth and below 1e-17 outside [−9, 9]: 30-point Gauss–Legendre on unit
    // intervals integrates it to rounding error.
    double sum = 0;
    for (int left = -9; left < 9; ++left)
        sum += boost::math::quadrature::gauss<double, 30>::integrate(integrand, double(left), double(left + 1));
    return k * sum;
}

}  // namespace

double studentized_range_quantile(int k, double alpha) {
    if (k < 2) throw Error("studentized range: needs at least two means, got " + std::to_string(k) + ".");
    if (!(alpha > 0 && alpha < 1)) throw Error("studentized range: α must lie strictly between 0 and 1.");
    auto excess = [&](double q) { return range_upper_tail(k, q) - alpha; };
    // The tail falls from 1 at q = 0; bracket the root by doubling.
    double high = 4.0;
    while (excess(high) > 0) high *= 2;
    std::uintmax_t iterations = 200;
    const auto root = boost::math::tools::toms748_solve(excess, 0.0, high, 1.0 - alpha, excess(high),
                                                        boost::math::tools::eps_tolerance<double>(50), iterations);
    return 0.5 * (root.first + root.second);
}

}  // namespace treelab
