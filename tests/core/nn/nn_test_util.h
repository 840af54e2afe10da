#pragma once
// Helpers of the core/nn tests: fixed-seed random matrices and a matrix view of check_gradient.
#include <cstdint>
#include <functional>
#include <random>

#include <Eigen/Core>

#include "tests/support/test_support.h"

namespace treelab::test {

// rows × cols, entries uniform in [−scale, scale), the same on every standard library.
inline Eigen::MatrixXd random_matrix(Eigen::Index rows, Eigen::Index cols, std::uint32_t seed, double scale = 1.0) {
    std::mt19937 random(seed);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index k = 0; k < m.size(); ++k)
        m.data()[k] = scale * (2.0 * static_cast<double>(random()) / 4294967296.0 - 1.0);
    return m;
}

// check_gradient for f: matrix → scalar, with the gradient given as a matrix of the same shape.
inline void check_matrix_gradient(const std::function<double(const Eigen::MatrixXd&)>& f, const Eigen::MatrixXd& x,
                                  const Eigen::MatrixXd& gradient, double eps = 1e-6, double tol = 1e-6) {
    const Eigen::Index rows = x.rows(), cols = x.cols();
    const auto flat = [&](const Eigen::VectorXd& v) { return f(Eigen::Map<const Eigen::MatrixXd>(v.data(), rows, cols)); };
    check_gradient(flat, Eigen::Map<const Eigen::VectorXd>(x.data(), x.size()),
                   Eigen::Map<const Eigen::VectorXd>(gradient.data(), gradient.size()), eps, tol);
}

}  // namespace treelab::test
