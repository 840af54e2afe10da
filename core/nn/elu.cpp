#include "core/nn/elu.h"

#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab::nn {

Eigen::MatrixXd elu(const Eigen::Ref<const Eigen::MatrixXd>& u) {
    return u.unaryExpr([](double v) { return v > 0.0 ? v : std::expm1(v); });
}

Eigen::MatrixXd elu_backward(const Eigen::Ref<const Eigen::MatrixXd>& e, const Eigen::Ref<const Eigen::MatrixXd>& g) {
    if (e.rows() != g.rows() || e.cols() != g.cols())
        throw Error("ELU backward: the gradient is " + std::to_string(g.rows()) + " × " + std::to_string(g.cols()) +
                    " but the output " + std::to_string(e.rows()) + " × " + std::to_string(e.cols()));
    return g.binaryExpr(e, [](double grad, double out) { return out > 0.0 ? grad : grad * (out + 1.0); });
}

}  // namespace treelab::nn
