#include "core/nn/sigmoid.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab::nn {

double sigmoid(double u) {
    if (u >= 0.0) return 1.0 / (1.0 + std::exp(-u));
    const double e = std::exp(u);  // < 1, so no overflow for very negative u
    return e / (1.0 + e);
}

Eigen::MatrixXd sigmoid(const Eigen::Ref<const Eigen::MatrixXd>& u) {
    return u.unaryExpr([](double v) { return sigmoid(v); });
}

double log_sigmoid(double u) {
    // −softplus(−u) = min(u, 0) − log1p(e^−|u|).
    return std::min(u, 0.0) - std::log1p(std::exp(-std::abs(u)));
}

Eigen::MatrixXd scaled_sigmoid(const Eigen::Ref<const Eigen::MatrixXd>& u, double alpha) {
    return u.unaryExpr([alpha](double v) { return sigmoid(alpha * v); });
}

Eigen::MatrixXd scaled_sigmoid_backward(const Eigen::Ref<const Eigen::MatrixXd>& s, const Eigen::Ref<const Eigen::MatrixXd>& g,
                                        double alpha) {
    if (s.rows() != g.rows() || s.cols() != g.cols())
        throw Error("scaled sigmoid backward: the gradient is " + std::to_string(g.rows()) + " × " + std::to_string(g.cols()) +
                    " but the output " + std::to_string(s.rows()) + " × " + std::to_string(s.cols()));
    return (alpha * g.array() * s.array() * (1.0 - s.array())).matrix();
}

}  // namespace treelab::nn
