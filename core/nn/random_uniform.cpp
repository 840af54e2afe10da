#include "core/nn/random_uniform.h"

namespace treelab::nn {

double random_uniform(std::mt19937& random, double low, double high) {
    return low + (high - low) * (static_cast<double>(random()) / 4294967296.0);
}

void fill_uniform(std::mt19937& random, double bound, std::span<double> values) {
    for (double& value : values) value = random_uniform(random, -bound, bound);
}

}  // namespace treelab::nn
