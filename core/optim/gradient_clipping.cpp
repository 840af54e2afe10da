// torch.nn.utils.clip_grad_norm_ of torch 1.13 (torch/nn/utils/clip_grad.py).
#include "core/optim/gradient_clipping.h"

#include <algorithm>
#include <cmath>

#include "core/optim/setting_checks.h"
#include "core/vector_clones.h"

namespace treelab {
namespace {

constexpr double kNormGuard = 1e-6;  // torch: clip_coef = max_norm / (total_norm + 1e-6)

}  // namespace

double clip_coefficient(double max_norm, double norm) {
    require_setting(std::isfinite(max_norm) && max_norm > 0.0, "gradient clipping", "max_norm must be positive");
    // std::min keeps a NaN coefficient, as torch.clamp(clip_coef, max=1.0) does; torch multiplies by a
    // clamped 1.0 too, which changes nothing.
    return std::min(max_norm / (norm + kNormGuard), 1.0);
}

TREELAB_VECTOR_CLONES double squared_norm(std::span<const float> gradient) {
    constexpr std::size_t kLanes = 8;  // one AVX-512 vector of doubles
    const float* g = gradient.data();
    const std::size_t n = gradient.size(), whole = n - n % kLanes;
    double partial[kLanes] = {};
    for (std::size_t i = 0; i < whole; i += kLanes)
        for (std::size_t lane = 0; lane < kLanes; ++lane) {
            const double value = g[i + lane];
            partial[lane] += value * value;
        }
    double sum = 0.0;
    for (const double p : partial) sum += p;
    for (std::size_t i = whole; i < n; ++i) sum += static_cast<double>(g[i]) * g[i];
    return sum;
}

}  // namespace treelab
