#include "core/stats/rank_tests.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/tools/roots.hpp>

#include "core/error.h"

namespace treelab {
namespace {

// P(range of k standard normal values > q), the studentized range with infinite degrees of freedom.
// With z the smallest value, P(range ≤ q) = k ∫ φ(z) [Φ(z + q) − Φ(z)]^(k−1) dz and the density of
// the smallest value integrates to one, k ∫ φ(z) Φ̄(z)^(k−1) dz = 1 (Φ̄ = 1 − Φ), so the upper tail is
// k ∫ φ(z) {Φ̄(z)^(k−1) − [Φ(z + q) − Φ(z)]^(k−1)} dz, integrated directly rather than as 1 − CDF.
double range_upper_tail(int k, double q) {
    const boost::math::normal standard;
    auto integrand = [&](double z) {
        const double above = boost::math::cdf(boost::math::complement(standard, z));
        const double within = boost::math::cdf(standard, z + q) - boost::math::cdf(standard, z);
        return boost::math::pdf(standard, z) * (std::pow(above, k - 1) - std::pow(within, k - 1));
    };
    const double inf = std::numeric_limits<double>::infinity();
    return k * boost::math::quadrature::gauss_kronrod<double, 61>::integrate(integrand, -inf, inf, 15, 1e-13);
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
