#include "core/nn/l1_penalty.h"

#include <cmath>
#include <string>

#include "core/error.h"
#include "core/vector_clones.h"

namespace treelab::nn {
namespace {

constexpr std::size_t kLanes = 8;  // partial sums of Σ|θ|: one AVX-512 vector, two AVX2 ones

// Σ|θ| and, with kSigns, the sign term (g = λ·sign(θ), or g += λ·sign(θ) with kAdd) in one pass.
// The sum runs in kLanes fixed partial sums, so that the compiler vectorises it and every vector
// unit adds in the same order, giving the same bits. Inlined into one function per case, each
// compiled per vector unit: Eigen's sign() of doubles did not vectorise, and the separate passes
// took a tenth of a DGT step over its 10⁶ predicate parameters.
template <bool kSigns, bool kAdd>
[[gnu::always_inline]] inline double sum_and_signs(const double* theta, double* g, std::size_t n, double weight) {
    const auto visit = [&](std::size_t i) {
        const double t = theta[i];
        if constexpr (kSigns) {
            const double sign = t > 0.0 ? weight : t < 0.0 ? -weight : 0.0;
            g[i] = kAdd ? g[i] + sign : sign;
        }
        return std::fabs(t);
    };
    double partial[kLanes] = {};
    const std::size_t whole = n - n % kLanes;
    for (std::size_t i = 0; i < whole; i += kLanes)
        for (std::size_t lane = 0; lane < kLanes; ++lane) partial[lane] += visit(i + lane);
    double sum = 0.0;
    for (const double p : partial) sum += p;
    for (std::size_t i = whole; i < n; ++i) sum += visit(i);
    return sum;
}

TREELAB_VECTOR_CLONES double absolute_sum(const double* theta, std::size_t n) { return sum_and_signs<false, false>(theta, nullptr, n, 0.0); }

TREELAB_VECTOR_CLONES double absolute_sum_writing_signs(const double* theta, double* g, std::size_t n, double weight) {
    return sum_and_signs<true, false>(theta, g, n, weight);
}

TREELAB_VECTOR_CLONES double absolute_sum_adding_signs(const double* theta, double* g, std::size_t n, double weight) {
    return sum_and_signs<true, true>(theta, g, n, weight);
}

}  // namespace

double l1_penalty(std::span<const double> parameters, double weight, std::span<double> gradient, Into into) {
    if (!(weight >= 0.0) || !std::isfinite(weight)) throw Error("the L1 weight must be zero or positive, not " + std::to_string(weight));
    if (!gradient.empty() && gradient.size() != parameters.size())
        throw Error("the L1 gradient has room for " + std::to_string(gradient.size()) + " values, not " +
                    std::to_string(parameters.size()));
    const double* theta = parameters.data();
    const std::size_t n = parameters.size();
    const double sum = gradient.empty()     ? absolute_sum(theta, n)
                       : into == Into::Add ? absolute_sum_adding_signs(theta, gradient.data(), n, weight)
                                           : absolute_sum_writing_signs(theta, gradient.data(), n, weight);
    return weight * sum;
}

}  // namespace treelab::nn
