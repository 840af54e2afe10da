#include "core/nn/l1_penalty.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/vector_clones.h"

namespace treelab::nn {
namespace {

// Σ|θ| and, with kSigns, the sign term (g = λ·sign(θ), or g += λ·sign(θ) with kAdd) in one pass.
// The sum runs in fixed partial sums, one AVX-512 vector of them (8 doubles, 16 floats), so that the
// compiler vectorises it and every vector unit adds in the same order, giving the same bits. Inlined
// into one function per case, each compiled per vector unit: Eigen's sign() of doubles did not
// vectorise, and the separate passes took a tenth of a DGT step over its 10⁶ predicate parameters.
template <bool kSigns, bool kAdd, class Scalar>
[[gnu::always_inline]] inline Scalar sum_and_signs(const Scalar* theta, Scalar* g, std::size_t n, Scalar weight) {
    constexpr std::size_t kLanes = 64 / sizeof(Scalar);
    const auto visit = [&](std::size_t i) {
        const Scalar t = theta[i];
        if constexpr (kSigns) {
            const Scalar sign = t > Scalar{0} ? weight : t < Scalar{0} ? -weight : Scalar{0};
            g[i] = kAdd ? g[i] + sign : sign;
        }
        return std::fabs(t);
    };
    Scalar partial[kLanes] = {};
    const std::size_t whole = n - n % kLanes;
    for (std::size_t i = 0; i < whole; i += kLanes)
        for (std::size_t lane = 0; lane < kLanes; ++lane) partial[lane] += visit(i + lane);
    Scalar sum = 0;
    for (const Scalar p : partial) sum += p;
    for (std::size_t i = whole; i < n; ++i) sum += visit(i);
    return sum;
}

// float32: the same over blocks of 4,096 values, the blocks' sums added in double.
template <bool kSigns, bool kAdd>
[[gnu::always_inline]] inline double sum_and_signs(const float* theta, float* g, std::size_t n, float weight) {
    constexpr std::size_t kBlock = 4096;
    double sum = 0.0;
    for (std::size_t begin = 0; begin < n; begin += kBlock)
        sum += sum_and_signs<kSigns, kAdd, float>(theta + begin, kSigns ? g + begin : nullptr, std::min(kBlock, n - begin), weight);
    return sum;
}

TREELAB_VECTOR_CLONES double absolute_sum(const double* theta, std::size_t n) { return sum_and_signs<false, false, double>(theta, nullptr, n, 0.0); }

TREELAB_VECTOR_CLONES double absolute_sum_writing_signs(const double* theta, double* g, std::size_t n, double weight) {
    return sum_and_signs<true, false, double>(theta, g, n, weight);
}

TREELAB_VECTOR_CLONES double absolute_sum_adding_signs(const double* theta, double* g, std::size_t n, double weight) {
    return sum_and_signs<true, true, double>(theta, g, n, weight);
}

TREELAB_VECTOR_CLONES double absolute_sum(const float* theta, std::size_t n) { return sum_and_signs<false, false>(theta, nullptr, n, 0.0f); }

TREELAB_VECTOR_CLONES double absolute_sum_writing_signs(const float* theta, float* g, std::size_t n, float weight) {
    return sum_and_signs<true, false>(theta, g, n, weight);
}

TREELAB_VECTOR_CLONES double absolute_sum_adding_signs(const float* theta, float* g, std::size_t n, float weight) {
    return sum_and_signs<true, true>(theta, g, n, weight);
}

template <class Scalar>
double penalty(std::span<const Scalar> parameters, double weight, std::span<Scalar> gradient, Into into) {
    if (!(weight >= 0.0) || !std::isfinite(weight)) throw Error("the L1 weight must be zero or positive, not " + std::to_string(weight));
    if (!gradient.empty() && gradient.size() != parameters.size())
        throw Error("the L1 gradient has room for " + std::to_string(gradient.size()) + " values, not " +
                    std::to_string(parameters.size()));
    const Scalar* theta = parameters.data();
    const std::size_t n = parameters.size();
    const auto signs = static_cast<Scalar>(weight);
    const double sum = gradient.empty()     ? absolute_sum(theta, n)
                       : into == Into::Add ? absolute_sum_adding_signs(theta, gradient.data(), n, signs)
                                           : absolute_sum_writing_signs(theta, gradient.data(), n, signs);
    return weight * sum;
}

}  // namespace

double l1_penalty(std::span<const double> parameters, double weight, std::span<double> gradient, Into into) {
    return penalty(parameters, weight, gradient, into);
}

double l1_penalty(std::span<const float> parameters, double weight, std::span<float> gradient, Into into) {
    return penalty(parameters, weight, gradient, into);
}

}  // namespace treelab::nn
