#include "core/nn/sigmoid.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/nn/vector_exp_sigmoid.h"

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

namespace {
void require_same_shape(const char* what, Eigen::Index rows, Eigen::Index cols, Eigen::Index expected_rows, Eigen::Index expected_cols) {
    if (rows != expected_rows || cols != expected_cols)
        throw Error(std::string("scaled sigmoid: ") + what + " is " + std::to_string(rows) + " × " + std::to_string(cols) +
                    " but should be " + std::to_string(expected_rows) + " × " + std::to_string(expected_cols));
}
}  // namespace

Eigen::MatrixXd scaled_sigmoid(const Eigen::Ref<const Eigen::MatrixXd>& u, double alpha) {
    Eigen::MatrixXd s(u.rows(), u.cols());
    scaled_sigmoid_into(u, alpha, s);
    return s;
}

void scaled_sigmoid_into(const Eigen::Ref<const Eigen::MatrixXd>& u, double alpha, Eigen::Ref<Eigen::MatrixXd> s) {
    require_same_shape("the output", s.rows(), s.cols(), u.rows(), u.cols());
    const bool contiguous = u.outerStride() == u.rows() && s.outerStride() == s.rows();
    if (contiguous && vector_exp_sigmoid_available()) {
        vector_exp_sigmoid(u.data(), s.data(), static_cast<std::size_t>(u.size()), alpha);
        return;
    }
    // 1/(1 + e^(−αu)) as one array expression, so Eigen's packet exp evaluates it several entries
    // at a time (GET spends most of an epoch here). e^(−αu) may reach +inf for very negative αu,
    // and 1/inf = 0, so there is no overflow to guard against as in the scalar sigmoid.
    s.array() = (1.0 + (-alpha * u.array()).exp()).inverse();
}

Eigen::MatrixXd scaled_sigmoid_backward(const Eigen::Ref<const Eigen::MatrixXd>& s, const Eigen::Ref<const Eigen::MatrixXd>& g,
                                        double alpha) {
    Eigen::MatrixXd d_u = g;
    scaled_sigmoid_backward_in_place(s, d_u, alpha);
    return d_u;
}

void scaled_sigmoid_backward_in_place(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::Ref<Eigen::MatrixXd> g_to_u, double alpha) {
    require_same_shape("the gradient", g_to_u.rows(), g_to_u.cols(), s.rows(), s.cols());
    g_to_u.array() *= alpha * s.array() * (1.0 - s.array());
}

}  // namespace treelab::nn
