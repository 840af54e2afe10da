#include "core/nn/l1_penalty.h"

#include <cmath>
#include <string>

#include <Eigen/Core>

#include "core/error.h"

namespace treelab::nn {

double l1_penalty(std::span<const double> parameters, double weight, std::span<double> gradient) {
    if (!(weight >= 0.0) || !std::isfinite(weight)) throw Error("the L1 weight must be zero or positive, not " + std::to_string(weight));
    if (!gradient.empty() && gradient.size() != parameters.size())
        throw Error("the L1 gradient has room for " + std::to_string(gradient.size()) + " values, not " +
                    std::to_string(parameters.size()));
    const auto size = static_cast<Eigen::Index>(parameters.size());
    const Eigen::Map<const Eigen::ArrayXd> theta(parameters.data(), size);
    if (!gradient.empty()) Eigen::Map<Eigen::ArrayXd>(gradient.data(), size) += weight * theta.sign();
    return weight * theta.abs().sum();
}

}  // namespace treelab::nn
