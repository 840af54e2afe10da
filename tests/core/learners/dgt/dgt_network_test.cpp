#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/dgt/and_layer.h"
#include "core/learners/dgt/dgt_network.h"
#include "core/learners/dgt/scale_binarizer.h"
#include "core/nn/linear_chain.h"
#include "core/nn/softmax.h"
#include "tests/core/learners/dgt/dgt_test_util.h"

namespace treelab {
namespace {

// The straight-through offsets frozen at the parameters θ₀: q₀ − clamp(z₀, −1, 1), fac₀ (not
// differentiated in the code) and onehot₀ − softmax(and_z₀).
struct Anchor {
    Eigen::MatrixXd q_offset;
    double fac = 0.0;
    Eigen::MatrixXd onehot_offset;
};

Eigen::MatrixXd node_outputs(const dgt::Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X) {
    const nn::AffineMap folded = nn::LinearChain(spec.chain()).fold(dgt::view(spec, p).chain);
    return (X * folded.A.transpose()).rowwise() + folded.c.transpose();
}

Eigen::MatrixXd and_inputs(const dgt::Spec& spec, const Eigen::MatrixXd& q, double fac) {
    return (2.0 * q.array() - fac).matrix() * Eigen::MatrixXd(dgt::and_matrix(spec.height)).transpose();
}

Anchor anchor_at(const dgt::Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X) {
    const Eigen::MatrixXd Z = node_outputs(spec, p, X);
    Anchor anchor;
    Eigen::MatrixXd q;
    anchor.fac = dgt::scale_binarize(Z, spec.quantiser, q);
    anchor.q_offset = q - Z.cwiseMax(-1.0).cwiseMin(1.0);
    const Eigen::VectorXi leaves = dgt::reached_leaves(Z, spec.height);
    anchor.onehot_offset = -nn::softmax(and_inputs(spec, q, anchor.fac));
    for (Eigen::Index i = 0; i < X.rows(); ++i) anchor.onehot_offset(i, leaves(i)) += 1.0;
    return anchor;
}

// The network in its straight-through form (003 Algorithm 2): quantiser = clamp(z, −1, 1) + offset,
// leaf selection = softmax(and_z) + offset, OR = and_a Θ + β. At θ₀ it equals the hard forward
// pass; its derivative there is, by construction, the straight-through gradient, so central
// differences of it check the hand-written backward pass (dense AND matrix, dense OR layer).
Eigen::MatrixXd relaxed_outputs(const dgt::Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X, const Anchor& anchor) {
    const dgt::ParameterView v = dgt::view(spec, p);
    const Eigen::MatrixXd q = node_outputs(spec, p, X).cwiseMax(-1.0).cwiseMin(1.0) + anchor.q_offset;
    const Eigen::MatrixXd and_a = nn::softmax(and_inputs(spec, q, anchor.fac)) + anchor.onehot_offset;
    return (and_a * v.leaf).array() + v.bias;
}

double chain_l1_norm(const dgt::Spec& spec, const Eigen::VectorXd& p) {
    const dgt::ParameterView v = dgt::view(spec, p);
    return Eigen::Map<const Eigen::VectorXd>(v.chain.data(), static_cast<Eigen::Index>(v.chain.size())).lpNorm<1>();
}

// The relaxed network's loss plus λ‖chain‖₁.
double relaxed_loss(const dgt::Spec& spec, double l1, const Eigen::VectorXd& p, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                    const Anchor& anchor) {
    return dgt::output_loss(spec, relaxed_outputs(spec, p, X, anchor), y) + l1 * chain_l1_norm(spec, p);
}

// batch_loss' value equals the relaxed forward at θ₀, its gradient central differences of it, and
// every part of the network gets gradient; rows with z inside and outside the window are present.
void check_backward(const dgt::Spec& spec, const Dataset& data, double l1, std::uint32_t seed) {
    const Eigen::VectorXd p = test::dgt_random_parameters(spec, seed);
    const Eigen::VectorXd y = spec.classification ? data.y : Eigen::VectorXd(data.y / 10.0);
    dgt::Network network(spec, l1);
    Eigen::VectorXd gradient;
    const double loss = network.batch_loss(p, data.X, y, gradient);
    const Anchor anchor = anchor_at(spec, p, data.X);
    EXPECT_NEAR(loss, relaxed_loss(spec, l1, p, data.X, y, anchor), 1e-12);
    test::check_gradient([&](const Eigen::VectorXd& q) { return relaxed_loss(spec, l1, q, data.X, y, anchor); }, p, gradient, 1e-6, 1e-6);
    const Eigen::MatrixXd Z = node_outputs(spec, p, data.X);
    EXPECT_GT((Z.array().abs() <= 1.0).count(), Z.size() / 4) << "want node outputs inside the straight-through window";
    EXPECT_GT((Z.array().abs() > 1.0).count(), 0) << "want node outputs outside the window";
    const dgt::GradientView d = dgt::gradient_view(spec, gradient);
    const auto chain = Eigen::Map<const Eigen::VectorXd>(d.chain.data(), static_cast<Eigen::Index>(d.chain.size()));
    EXPECT_GT((chain.array() != 0.0).count(), chain.size() / 2) << "dense gradients reach the predicate layers";
    EXPECT_GT((d.leaf.array() != 0.0).count(), 0);
}

// Classification, two hidden layers, batch rows > inputs: the chain runs through its product.
TEST(DgtNetwork, ClassificationGradientMatchesRelaxedFiniteDifferences) {
    const dgt::Spec spec = test::dgt_spec(3, 4, {6, 5}, 3);
    ASSERT_EQ(nn::LinearChain(spec.chain()).cheaper_strategy(40), nn::ChainStrategy::Product);
    check_backward(spec, test::dgt_dataset(40, 4, 3, 1), 0.01, 2);
}

// More inputs than batch rows: the chain runs layer by layer, with the same gradient.
TEST(DgtNetwork, LayerByLayerGradientMatchesRelaxedFiniteDifferences) {
    const dgt::Spec spec = test::dgt_spec(2, 30, {8, 7}, 2);
    ASSERT_EQ(nn::LinearChain(spec.chain()).cheaper_strategy(12), nn::ChainStrategy::LayerByLayer);
    check_backward(spec, test::dgt_dataset(12, 30, 2, 3), 0.001, 4);
}

// Regression (one value per leaf, no OR bias), one linear layer, and the sign quantiser (fac = 1).
TEST(DgtNetwork, RegressionAndSignQuantiserMatchRelaxedFiniteDifferences) {
    dgt::Spec spec = test::dgt_spec(3, 3, {}, 0);
    check_backward(spec, test::dgt_dataset(50, 3, 0, 5), 0.0, 6);
    spec.quantiser = dgt::Quantiser::Sign;
    check_backward(spec, test::dgt_dataset(50, 3, 0, 7), 0.02, 8);
}

// The float32 network (precision=float32) on parameters rounded to float32 gives the double
// network's leaves, loss and gradient on the same rounded parameters up to float32's rounding, by
// the chain's product and layer by layer.
void check_float32(const dgt::Spec& spec, const Dataset& data, double l1, std::uint32_t seed) {
    const Eigen::VectorXf p32 = test::dgt_random_parameters(spec, seed).cast<float>();
    const Eigen::VectorXd p = p32.cast<double>();
    const Eigen::VectorXd y = spec.classification ? data.y : Eigen::VectorXd(data.y / 10.0);
    dgt::Network network(spec, l1);
    dgt::BasicNetwork<float> network32(spec, l1);
    Eigen::VectorXd gradient;
    Eigen::VectorXf gradient32;
    const double loss = network.batch_loss(p, data.X, y, gradient);
    const double loss32 = network32.batch_loss(p32, data.X, y, gradient32);
    EXPECT_EQ(network32.forward(p32, data.X).leaves, network.forward(p, data.X).leaves);
    EXPECT_NEAR(loss32, loss, 1e-5 * std::abs(loss));
    ASSERT_EQ(gradient32.size(), gradient.size());
    EXPECT_LT((gradient32.cast<double>() - gradient).norm(), 1e-5 * gradient.norm());
    EXPECT_GT((gradient32.cast<double>() - gradient).norm(), 0.0) << "the float32 pass rounds in float32";
}

TEST(DgtNetwork, Float32NetworkIsTheDoubleOneRoundedToFloat32) {
    const dgt::Spec product = test::dgt_spec(3, 4, {6, 5}, 3);
    ASSERT_EQ(nn::LinearChain(product.chain()).cheaper_strategy(40), nn::ChainStrategy::Product);
    check_float32(product, test::dgt_dataset(40, 4, 3, 1), 0.01, 2);
    const dgt::Spec layers = test::dgt_spec(2, 30, {8, 7}, 2);
    ASSERT_EQ(nn::LinearChain(layers.chain()).cheaper_strategy(12), nn::ChainStrategy::LayerByLayer);
    check_float32(layers, test::dgt_dataset(12, 30, 2, 3), 0.001, 4);
    check_float32(test::dgt_spec(3, 3, {}, 0), test::dgt_dataset(50, 3, 0, 5), 0.0, 6);
}

// backward() from any ∂L/∂outputs G (as a bandit estimator gives) is the gradient of the relaxed
// network's ⟨G, outputs⟩ + λ‖chain‖₁, and forward() gives the hard pass' leaves and outputs.
TEST(DgtNetwork, BackwardFromOutputGradientMatchesRelaxedFiniteDifferences) {
    const dgt::Spec spec = test::dgt_spec(3, 4, {6, 5}, 3);
    const Dataset data = test::dgt_dataset(30, 4, 3, 11);
    const Eigen::VectorXd p = test::dgt_random_parameters(spec, 12);
    const Eigen::MatrixXd G = test::random_matrix(30, 3, 13, 1.0);
    const double l1 = 0.01;
    dgt::Network network(spec, l1);
    const dgt::HardPass& pass = network.forward(p, data.X);
    const dgt::HardPass hard = test::dgt_hard_forward(spec, p, data.X);
    EXPECT_EQ(pass.leaves, hard.leaves);
    EXPECT_LT((pass.outputs - hard.outputs).cwiseAbs().maxCoeff(), 1e-12);
    Eigen::VectorXd gradient;
    const double penalty = network.backward(p, data.X, G, gradient);
    const Anchor anchor = anchor_at(spec, p, data.X);
    const auto linear_loss = [&](const Eigen::VectorXd& q) {
        return (G.array() * relaxed_outputs(spec, q, data.X, anchor).array()).sum() + l1 * chain_l1_norm(spec, q);
    };
    EXPECT_NEAR(penalty, l1 * chain_l1_norm(spec, p), 1e-12);
    test::check_gradient(linear_loss, p, gradient, 1e-6, 1e-6);
    EXPECT_THROW(network.backward(p, data.X, Eigen::MatrixXd::Zero(30, 2), gradient), Error) << "G of another shape";
    EXPECT_THROW(network.backward(p, data.X.topRows(7), Eigen::MatrixXd::Zero(7, 3), gradient), Error) << "no forward of 7 rows";
}

// The hard forward pass with the folded chain picks the leaves the training pass picks and gives
// the loss batch_loss reports without its penalty.
TEST(DgtNetwork, HardForwardAgreesWithTheTrainingPass) {
    const dgt::Spec spec = test::dgt_spec(3, 4, {6, 5}, 3);
    const Dataset data = test::dgt_dataset(60, 4, 3, 9);
    const Eigen::VectorXd p = test::dgt_random_parameters(spec, 10);
    dgt::Network network(spec, 0.0);
    Eigen::VectorXd gradient;
    const double loss = network.batch_loss(p, data.X, data.y, gradient);
    const dgt::HardPass pass = test::dgt_hard_forward(spec, p, data.X);
    EXPECT_EQ(pass.leaves, dgt::reached_leaves(node_outputs(spec, p, data.X), spec.height));
    EXPECT_NEAR(dgt::output_loss(spec, pass.outputs, data.y), loss, 1e-14);
    EXPECT_THROW(network.batch_loss(Eigen::VectorXd::Zero(3), data.X, data.y, gradient), Error);
}

}  // namespace
}  // namespace treelab
