#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/linear_chain.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

using nn::ChainStrategy;
using nn::LinearChain;
using nn::MlpShape;

std::span<const double> span_of(const Eigen::VectorXd& v) { return {v.data(), static_cast<std::size_t>(v.size())}; }
std::span<double> span_of(Eigen::VectorXd& v) { return {v.data(), static_cast<std::size_t>(v.size())}; }

Eigen::VectorXd random_parameters(const MlpShape& shape, std::uint32_t seed) {
    return test::random_matrix(shape.parameters(), 1, seed, 0.8);
}

// z = W_L(…(W_1 x + b_1)…) + b_L, the definition, one row at a time.
Eigen::MatrixXd chain_by_definition(const MlpShape& shape, const Eigen::VectorXd& p, const Eigen::MatrixXd& X) {
    const std::vector<nn::MlpLayer> layers = nn::mlp_layers(shape, span_of(p));
    Eigen::MatrixXd Z(X.rows(), shape.outputs());
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        Eigen::VectorXd h = X.row(i).transpose();
        for (const nn::MlpLayer& layer : layers) h = layer.weights * h + layer.bias;
        Z.row(i) = h.transpose();
    }
    return Z;
}

// ⟨G, Z(p)⟩, whose gradient in p is the backward pass of G.
double weighted(const MlpShape& shape, const Eigen::VectorXd& p, const Eigen::MatrixXd& X, const Eigen::MatrixXd& G) {
    return G.cwiseProduct(chain_by_definition(shape, p, X)).sum();
}

// The folded map is W_L⋯W_1 and the chained biases: X Aᵀ + c equals the layers applied in turn.
TEST(NnLinearChain, FoldEqualsTheLayersInTurn) {
    const MlpShape shape{{3, 5, 4, 2}};
    const Eigen::VectorXd p = random_parameters(shape, 1);
    const Eigen::MatrixXd X = test::random_matrix(7, 3, 2, 2.0);
    const nn::AffineMap map = LinearChain(shape).fold(span_of(p));
    ASSERT_EQ(map.A.rows(), 2);
    ASSERT_EQ(map.A.cols(), 3);
    const Eigen::MatrixXd Z = (X * map.A.transpose()).rowwise() + map.c.transpose();
    EXPECT_LT((Z - chain_by_definition(shape, p, X)).cwiseAbs().maxCoeff(), 1e-12);
}

// Both strategies give the definition's Z and a gradient equal to central differences of ⟨G, Z⟩,
// for one, two and three layers.
TEST(NnLinearChain, BothStrategiesMatchFiniteDifferences) {
    for (const MlpShape& shape : {MlpShape{{4, 3}}, MlpShape{{4, 6, 3}}, MlpShape{{4, 6, 5, 3}}}) {
        const Eigen::VectorXd p = random_parameters(shape, 3);
        const Eigen::MatrixXd X = test::random_matrix(9, 4, 4, 1.5);
        const Eigen::MatrixXd G = test::random_matrix(9, 3, 5);
        for (const ChainStrategy strategy : {ChainStrategy::Product, ChainStrategy::LayerByLayer}) {
            SCOPED_TRACE(shape.layers());
            SCOPED_TRACE(strategy == ChainStrategy::Product ? "product" : "layer by layer");
            LinearChain chain(shape);
            const Eigen::MatrixXd Z = chain.forward(span_of(p), X, strategy);
            EXPECT_LT((Z - chain_by_definition(shape, p, X)).cwiseAbs().maxCoeff(), 1e-12);
            Eigen::VectorXd gradient = Eigen::VectorXd::Constant(p.size(), 7.0);  // overwritten
            chain.backward(span_of(p), X, G, span_of(gradient));
            test::check_gradient([&](const Eigen::VectorXd& q) { return weighted(shape, q, X, G); }, p, gradient, 1e-6, 1e-7);
        }
    }
}

// The same buffers serve batches of different sizes in turn, as the last batch of an epoch.
TEST(NnLinearChain, BuffersFollowTheBatchSize) {
    const MlpShape shape{{2, 4, 3}};
    const Eigen::VectorXd p = random_parameters(shape, 6);
    LinearChain chain(shape);
    for (const Eigen::Index rows : {5, 2, 5}) {
        const Eigen::MatrixXd X = test::random_matrix(rows, 2, static_cast<std::uint32_t>(rows));
        const Eigen::MatrixXd G = test::random_matrix(rows, 3, 8);
        for (const ChainStrategy strategy : {ChainStrategy::Product, ChainStrategy::LayerByLayer}) {
            EXPECT_EQ(chain.forward(span_of(p), X, strategy).rows(), rows);
            Eigen::VectorXd gradient(p.size());
            chain.backward(span_of(p), X, G, span_of(gradient));
            test::check_gradient([&](const Eigen::VectorXd& q) { return weighted(shape, q, X, G); }, p, gradient, 1e-6, 1e-7);
        }
    }
}

// The product wins when the batch has more rows than the chain has inputs, and loses otherwise.
TEST(NnLinearChain, CheaperStrategyFollowsRowsAgainstInputs) {
    const LinearChain dgt_letter(MlpShape{{16, 1008, 1008, 63}});  // 003 Table 12, height 6, letter's 16 features
    EXPECT_EQ(dgt_letter.cheaper_strategy(128), ChainStrategy::Product);
    EXPECT_EQ(dgt_letter.cheaper_strategy(8), ChainStrategy::LayerByLayer);
    const LinearChain wide_input(MlpShape{{2048, 240, 240, 3}});  // a fingerprint data set (HIV, Bace: 2048 features)
    EXPECT_EQ(wide_input.cheaper_strategy(128), ChainStrategy::LayerByLayer);
}

// Misuse is refused with a message: no layer, a backward pass without its forward pass, wrong inputs.
TEST(NnLinearChain, RefusesMisuse) {
    EXPECT_THROW(LinearChain(MlpShape{{3}}), Error);
    const MlpShape shape{{2, 3}};
    const Eigen::VectorXd p = random_parameters(shape, 9);
    Eigen::VectorXd gradient(p.size());
    LinearChain chain(shape);
    EXPECT_THROW(chain.backward(span_of(p), Eigen::MatrixXd::Ones(4, 2), Eigen::MatrixXd::Ones(4, 3), span_of(gradient)), Error);
    EXPECT_THROW(chain.forward(span_of(p), Eigen::MatrixXd::Ones(4, 3), ChainStrategy::Product), Error);
    EXPECT_THROW(chain.fold(std::span<const double>(p.data(), 3)), Error);
}

}  // namespace
}  // namespace treelab
