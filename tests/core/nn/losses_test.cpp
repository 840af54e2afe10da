#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/focal_loss.h"
#include "core/nn/mean_squared_error.h"
#include "core/nn/sigmoid.h"
#include "core/nn/sigmoid_cross_entropy.h"
#include "core/nn/softmax.h"
#include "core/nn/softmax_cross_entropy.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

const Eigen::VectorXd kLabels = (Eigen::VectorXd(6) << 0, 2, 1, 3, 3, 0).finished();
const Eigen::VectorXd kBinary = (Eigen::VectorXd(6) << 0, 1, 1, 0, 1, 0).finished();

// Two-class logits [0, z] for one logit per row z: softmax(...)_1 = σ(z).
Eigen::MatrixXd two_class(const Eigen::MatrixXd& z) {
    Eigen::MatrixXd logits = Eigen::MatrixXd::Zero(z.rows(), 2);
    logits.col(1) = z.col(0);
    return logits;
}

// −log softmax on a hand case, finite on logits that overflow a naive exp, softmax rows sum to 1.
TEST(NnLosses, SoftmaxCrossEntropyValues) {
    Eigen::MatrixXd z(2, 3);
    z << 0, 0, 0,  //
        1000, 0, -1000;
    EXPECT_NEAR(nn::softmax_cross_entropy(z, Eigen::Vector2d(0, 1)), (std::log(3.0) + 1000.0) / 2.0, 1e-12);
    const Eigen::MatrixXd p = nn::softmax(test::random_matrix(4, 5, 2, 50.0));
    EXPECT_LE((p.rowwise().sum().array() - 1.0).abs().maxCoeff(), 1e-15);
    EXPECT_THROW(nn::softmax_cross_entropy(z, Eigen::Vector2d(0, 3)), Error);
    EXPECT_THROW(nn::softmax_cross_entropy(z, Eigen::Vector2d(0, 0.5)), Error);
    EXPECT_THROW(nn::softmax_cross_entropy(z, Eigen::Vector3d(0, 1, 1)), Error);
}

// ∂L/∂z = (softmax − onehot)/n, the 1/n included, by central differences; rows of it sum to 0.
TEST(NnLosses, SoftmaxCrossEntropyGradient) {
    const Eigen::MatrixXd z = test::random_matrix(6, 4, 31, 2.0);
    Eigen::MatrixXd d;
    nn::softmax_cross_entropy(z, kLabels, &d);
    EXPECT_LE(d.rowwise().sum().cwiseAbs().maxCoeff(), 1e-16);
    test::check_matrix_gradient([&](const Eigen::MatrixXd& x) { return nn::softmax_cross_entropy(x, kLabels); }, z, d);
}

// Binary cross-entropy: log 2 at z = 0, exact far in the tails, equal to the two-class softmax one,
// and its gradient (σ(z) − y)/n by central differences.
TEST(NnLosses, SigmoidCrossEntropy) {
    EXPECT_NEAR(nn::sigmoid_cross_entropy(Eigen::MatrixXd::Zero(1, 1), Eigen::VectorXd::Ones(1)), std::log(2.0), 1e-16);
    EXPECT_DOUBLE_EQ(nn::sigmoid_cross_entropy(Eigen::MatrixXd::Constant(1, 1, 800.0), Eigen::VectorXd::Zero(1)), 800.0);
    const Eigen::MatrixXd z = test::random_matrix(6, 1, 41, 4.0);
    EXPECT_NEAR(nn::sigmoid_cross_entropy(z, kBinary), nn::softmax_cross_entropy(two_class(z), kBinary), 1e-14);
    Eigen::MatrixXd d;
    nn::sigmoid_cross_entropy(z, kBinary, &d);
    EXPECT_NEAR(d(1, 0), (nn::sigmoid(z(1, 0)) - 1.0) / 6.0, 1e-16);
    test::check_matrix_gradient([&](const Eigen::MatrixXd& x) { return nn::sigmoid_cross_entropy(x, kBinary); }, z, d);
    EXPECT_THROW(nn::sigmoid_cross_entropy(Eigen::MatrixXd::Zero(2, 2), Eigen::Vector2d(0, 1)), Error);
    EXPECT_THROW(nn::sigmoid_cross_entropy(Eigen::MatrixXd::Zero(1, 1), Eigen::VectorXd::Constant(1, 2.0)), Error);
}

// Focal loss = −(1 − p_t)^γ log p_t (Lin et al. 2017; 001 App. C): the direct formula at moderate logits, plain
// cross-entropy at γ = 0, and binary on z equal to softmax on [0, z].
TEST(NnLosses, FocalLossValues) {
    const Eigen::MatrixXd z = test::random_matrix(6, 1, 51, 3.0);
    double direct = 0.0;
    for (Eigen::Index i = 0; i < 6; ++i) {
        const double p = nn::sigmoid(z(i, 0)), p_t = kBinary(i) == 1.0 ? p : 1.0 - p;
        direct -= std::pow(1.0 - p_t, 3.0) * std::log(p_t);
    }
    EXPECT_NEAR(nn::binary_focal_loss(z, kBinary, 3.0), direct / 6.0, 1e-14);
    EXPECT_NEAR(nn::binary_focal_loss(z, kBinary, 0.0), nn::sigmoid_cross_entropy(z, kBinary), 1e-15);
    EXPECT_NEAR(nn::binary_focal_loss(z, kBinary, 2.0), nn::softmax_focal_loss(two_class(z), kBinary, 2.0), 1e-14);

    const Eigen::MatrixXd logits = test::random_matrix(6, 4, 52, 2.0);
    const Eigen::MatrixXd p = nn::softmax(logits);
    double multi = 0.0;
    for (Eigen::Index i = 0; i < 6; ++i) {
        const double p_y = p(i, static_cast<Eigen::Index>(kLabels(i)));
        multi -= std::pow(1.0 - p_y, 3.0) * std::log(p_y);
    }
    EXPECT_NEAR(nn::softmax_focal_loss(logits, kLabels, 3.0), multi / 6.0, 1e-14);
    EXPECT_NEAR(nn::softmax_focal_loss(logits, kLabels, 0.0), nn::softmax_cross_entropy(logits, kLabels), 1e-15);
    EXPECT_THROW(nn::softmax_focal_loss(logits, kLabels, -1.0), Error);
    EXPECT_THROW(nn::binary_focal_loss(z, kLabels, 2.0), Error);  // labels 2, 3 are not binary
}

// Both focal gradients, γ below, at and above 1, by central differences; finite when p_t → 1.
TEST(NnLosses, FocalLossGradients) {
    const Eigen::MatrixXd z = test::random_matrix(6, 1, 61, 3.0);
    const Eigen::MatrixXd logits = test::random_matrix(6, 4, 62, 2.0);
    for (const double gamma : {0.0, 0.5, 1.0, 2.0, 3.0}) {
        SCOPED_TRACE(gamma);
        Eigen::MatrixXd d;
        nn::binary_focal_loss(z, kBinary, gamma, &d);
        test::check_matrix_gradient([&](const Eigen::MatrixXd& x) { return nn::binary_focal_loss(x, kBinary, gamma); }, z, d);
        nn::softmax_focal_loss(logits, kLabels, gamma, &d);
        test::check_matrix_gradient([&](const Eigen::MatrixXd& x) { return nn::softmax_focal_loss(x, kLabels, gamma); }, logits,
                                    d);
    }
    Eigen::MatrixXd d;
    Eigen::MatrixXd sure(1, 3);
    sure << 60, 0, 0;  // p_y = 1 to double precision
    nn::softmax_focal_loss(sure, Eigen::VectorXd::Zero(1), 0.5, &d);
    EXPECT_TRUE(d.allFinite());
    nn::binary_focal_loss(Eigen::MatrixXd::Constant(1, 1, 60.0), Eigen::VectorXd::Ones(1), 0.5, &d);
    EXPECT_TRUE(d.allFinite());
}

// MSE sums over the outputs and averages over the rows: ((1² + 2²) + (0² + 3²)) / 2 = 7.
TEST(NnLosses, MeanSquaredError) {
    Eigen::MatrixXd out(2, 2), target(2, 2);
    out << 1, 2, 0, 3;
    target.setZero();
    EXPECT_DOUBLE_EQ(nn::mean_squared_error(out, target), 7.0);
    const Eigen::MatrixXd o = test::random_matrix(5, 3, 71), t = test::random_matrix(5, 3, 72);
    Eigen::MatrixXd d;
    nn::mean_squared_error(o, t, &d);
    test::check_matrix_gradient([&](const Eigen::MatrixXd& x) { return nn::mean_squared_error(x, t); }, o, d);
    EXPECT_THROW(nn::mean_squared_error(o, t.leftCols(2)), Error);
}

}  // namespace
}  // namespace treelab
