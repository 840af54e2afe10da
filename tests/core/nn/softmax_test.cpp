#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/softmax.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

// softmax_backward is the gradient of ⟨G, softmax(z)⟩: central differences agree.
TEST(NnSoftmax, BackwardMatchesFiniteDifferences) {
    const Eigen::MatrixXd z = test::random_matrix(5, 4, 1, 3.0);
    const Eigen::MatrixXd G = test::random_matrix(5, 4, 2);
    const Eigen::MatrixXd d_z = nn::softmax_backward(nn::softmax(z), G);
    test::check_matrix_gradient([&](const Eigen::MatrixXd& y) { return G.cwiseProduct(nn::softmax(y)).sum(); }, z, d_z, 1e-6, 1e-7);
    EXPECT_LT(d_z.rowwise().sum().cwiseAbs().maxCoeff(), 1e-15) << "softmax is shift-invariant, so each row of ∂L/∂z sums to 0";
}

// A gradient of another shape than the probabilities is refused.
TEST(NnSoftmax, BackwardRefusesMismatchedShapes) {
    EXPECT_THROW(nn::softmax_backward(Eigen::MatrixXd::Constant(2, 3, 1.0 / 3.0), Eigen::MatrixXd::Zero(2, 2)), Error);
}

}  // namespace
}  // namespace treelab
