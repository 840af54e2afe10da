#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/learners/latent/latent_tree.h"

namespace treelab::latent {
namespace {

Eigen::MatrixXd normal_matrix(Eigen::Index rows, Eigen::Index cols, std::mt19937& random) {
    std::normal_distribution<double> normal;
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index k = 0; k < m.size(); ++k) m(k) = normal(random);
    return m;
}

// Sizes of the parameter blocks: W, b, η, then each predictor layer's weights and bias.
std::vector<Eigen::Index> parameter_blocks(const Spec& spec) {
    std::vector<Eigen::Index> blocks = {spec.internal() * spec.inputs, spec.internal(), spec.nodes()};
    const nn::MlpShape shape = spec.predictor();
    for (Eigen::Index k = 0; k < shape.layers(); ++k) {
        blocks.push_back(shape.sizes[k + 1] * shape.sizes[k]);
        blocks.push_back(shape.sizes[k + 1]);
    }
    return blocks;
}

// batch_loss with the predictor's dropout masks of `mask_seed` when spec.dropout > 0, the same
// masks at every call.
double loss_with_masks(const Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X, const Eigen::MatrixXd& targets,
                       Eigen::VectorXd* gradient, std::uint32_t mask_seed) {
    std::mt19937 masks(mask_seed);
    return batch_loss(spec, p, X, targets, gradient, spec.dropout > 0.0 ? &masks : nullptr);
}

// Compares the gradient of batch_loss with central differences, coordinate by coordinate, skipping
// coordinates where the two one-sided differences disagree (a kink of a min, the clamp or the PAV
// partition lies within eps). Returns how many coordinates were checked per block (parameter_blocks).
std::vector<int> check_against_finite_differences(const Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X,
                                                  const Eigen::MatrixXd& targets, std::uint32_t mask_seed = 0) {
    Eigen::VectorXd gradient;
    const double f0 = loss_with_masks(spec, p, X, targets, &gradient, mask_seed);
    const double eps = 1e-6;
    const std::vector<Eigen::Index> blocks = parameter_blocks(spec);
    std::vector<int> checked(blocks.size(), 0);
    Eigen::Index k = 0;
    for (std::size_t block = 0; block < blocks.size(); ++block)
        for (Eigen::Index j = 0; j < blocks[block]; ++j, ++k) {
            Eigen::VectorXd plus = p, minus = p;
            plus(k) += eps;
            minus(k) -= eps;
            const double fp = loss_with_masks(spec, plus, X, targets, nullptr, mask_seed);
            const double fm = loss_with_masks(spec, minus, X, targets, nullptr, mask_seed);
            const double forward = (fp - f0) / eps, backward = (f0 - fm) / eps;
            if (std::abs(forward - backward) > 1e-4 * std::max(1.0, std::abs(forward))) continue;
            const double central = (fp - fm) / (2 * eps);
            EXPECT_NEAR(gradient(k), central, 1e-6 * std::max(1.0, std::abs(central))) << "block " << block << " entry " << j;
            ++checked[block];
        }
    EXPECT_EQ(k, p.size());
    return checked;
}

void expect_every_block_checked(const std::vector<int>& checked) {
    for (std::size_t block = 0; block < checked.size(); ++block) EXPECT_GT(checked[block], 0) << "block " << block;
}

Spec small_spec(Loss loss, Eigen::Index outputs, SplitActivation activation) {
    Spec spec;
    spec.depth = 2;
    spec.inputs = 3;
    spec.outputs = outputs;
    spec.loss = loss;
    spec.activation = activation;
    spec.lambda = 0.3;
    return spec;
}

constexpr Formulation kFormulations[] = {Formulation::Activity, Formulation::Iclr, Formulation::Icml};

// The hand-written gradient of 000 eq. 10 (W, b, η through the PAV, φ, bias) equals central finite
// differences for softmax cross-entropy, with and without the ELU split activation, in every
// formulation of λ (and with a batch smaller than the training batch: anchor weight 6/8).
TEST(LatentTree, ClassificationGradientMatchesFiniteDifferences) {
    for (const Formulation formulation : kFormulations)
    for (const SplitActivation activation : {SplitActivation::None, SplitActivation::Elu}) {
        Spec spec = small_spec(Loss::CrossEntropy, 3, activation);
        spec.formulation = formulation;
        spec.batch_rows = 8.0;
        std::mt19937 random(7);
        const Eigen::MatrixXd X = normal_matrix(6, 3, random);
        Eigen::MatrixXd y(6, 1);
        y << 0, 1, 2, 2, 1, 0;
        // η scaled up so the pruning is active and a sits strictly inside (0, 1) for some groups.
        Eigen::VectorXd p = initial_parameters(spec, 3);
        p.head(spec.internal() * (spec.inputs + 1)) *= 3.0;
        const std::vector<int> checked = check_against_finite_differences(spec, p, X, y);
        EXPECT_EQ(checked.size(), 5u);  // W, b, η, φ, bias
        expect_every_block_checked(checked);
    }
}

// In the Activity formulation the loss is the Iclr one without λ‖η‖∞ plus λ · mean a; in Icml η
// changes nothing (the QP's anchor is 0) and gets no gradient.
TEST(LatentTree, FormulationsAddTheirPruningTerm) {
    Spec spec = small_spec(Loss::CrossEntropy, 3, SplitActivation::None);
    std::mt19937 random(3);
    const Eigen::MatrixXd X = normal_matrix(6, 3, random);
    Eigen::MatrixXd y(6, 1);
    y << 0, 1, 2, 2, 1, 0;
    const Eigen::VectorXd p = initial_parameters(spec, 3);
    spec.lambda = 0.0;
    const double plain = batch_loss(spec, p, X, y, nullptr);
    spec.lambda = 0.3;
    spec.formulation = Formulation::Activity;
    EXPECT_NEAR(batch_loss(spec, p, X, y, nullptr), plain + 0.3 * activity(spec, p, X).mean(), 1e-12);
    spec.formulation = Formulation::Iclr;
    EXPECT_NEAR(batch_loss(spec, p, X, y, nullptr), plain + 0.3 * view(spec, p).eta.lpNorm<Eigen::Infinity>(), 1e-12);
    spec.formulation = Formulation::Icml;
    Eigen::VectorXd gradient, moved = p;
    moved.segment(spec.internal() * (spec.inputs + 1), spec.nodes()).setConstant(5.0);
    EXPECT_EQ(batch_loss(spec, p, X, y, &gradient), batch_loss(spec, moved, X, y, nullptr));
    EXPECT_TRUE(gradient.segment(spec.internal() * (spec.inputs + 1), spec.nodes()).isZero());
}

// The same for the mean squared error over two regressed outputs.
TEST(LatentTree, RegressionGradientMatchesFiniteDifferences) {
    Spec spec = small_spec(Loss::SquaredError, 2, SplitActivation::None);
    spec.formulation = Formulation::Iclr;
    std::mt19937 random(11);
    const Eigen::MatrixXd X = normal_matrix(6, 3, random);
    const Eigen::MatrixXd y = normal_matrix(6, 2, random);
    Eigen::VectorXd p = initial_parameters(spec, 5);
    p.head(spec.internal() * (spec.inputs + 1)) *= 3.0;
    expect_every_block_checked(check_against_finite_differences(spec, p, X, y));
}

// With the MLP predictor f_φ (000 §4: a 64-unit hidden layer, ELU), the gradient of every block, the
// splits and η reached through the MLP's input gradient, equals central differences, without
// dropout and through a fixed dropout mask, for both losses.
TEST(LatentTree, MlpPredictorGradientMatchesFiniteDifferences) {
    for (const double dropout : {0.0, 0.25})
        for (const Loss loss : {Loss::CrossEntropy, Loss::SquaredError}) {
            SCOPED_TRACE("dropout " + std::to_string(dropout) + (loss == Loss::CrossEntropy ? " cross-entropy" : " squared error"));
            Spec spec = small_spec(loss, loss == Loss::CrossEntropy ? 3 : 2, SplitActivation::Elu);
            spec.predictor_layers = 2;
            spec.dropout = dropout;
            std::mt19937 random(13);
            const Eigen::MatrixXd X = normal_matrix(6, 3, random);
            Eigen::MatrixXd y(6, 1);
            y << 0, 1, 2, 2, 1, 0;
            if (loss == Loss::SquaredError) y = normal_matrix(6, 2, random);
            Eigen::VectorXd p = initial_parameters(spec, 3);
            p.head(spec.internal() * (spec.inputs + 1)) *= 3.0;
            const std::vector<int> checked = check_against_finite_differences(spec, p, X, y, 17);
            EXPECT_EQ(checked.size(), 3u + 2u * 2u);  // W, b, η, two layers' weights and biases
            expect_every_block_checked(checked);
        }
}

// The parameter vector holds the reference's MLP (64, 128 hidden units for three layers) after
// the splits and η; one predictor layer is the linear f_φ's φ and bias, initialised as before.
TEST(LatentTree, PredictorLayout) {
    Spec spec = small_spec(Loss::CrossEntropy, 3, SplitActivation::None);
    const Eigen::Index head = spec.internal() * (spec.inputs + 1) + spec.nodes(), reads = spec.inputs + spec.leaves();
    EXPECT_EQ(spec.parameters(), head + 3 * (reads + 1));
    const Eigen::VectorXd linear = initial_parameters(spec, 9);
    EXPECT_LE(linear.tail(3 * (reads + 1)).cwiseAbs().maxCoeff(), 1.0 / std::sqrt(static_cast<double>(reads)));
    spec.predictor_layers = 3;
    EXPECT_EQ(spec.predictor().sizes, (std::vector<Eigen::Index>{reads, 64, 128, 3}));
    EXPECT_EQ(spec.parameters(), head + 64 * (reads + 1) + 128 * 65 + 3 * 129);
    const Eigen::VectorXd mlp = initial_parameters(spec, 9);
    EXPECT_EQ(mlp.head(head), linear.head(head));  // the splits and η draw first, alike
    EXPECT_EQ(view(spec, mlp).phi.size(), static_cast<std::size_t>(spec.predictor().parameters()));
}

// The gradient through the PAV is not trivially zero on these batches: some η entry has a
// gradient beyond the λ‖η‖_∞ subgradient.
TEST(LatentTree, PruningGradientReachesEta) {
    Spec spec = small_spec(Loss::SquaredError, 2, SplitActivation::None);
    spec.lambda = 0.0;
    std::mt19937 random(11);
    const Eigen::MatrixXd X = normal_matrix(6, 3, random);
    const Eigen::MatrixXd y = normal_matrix(6, 2, random);
    Eigen::VectorXd p = initial_parameters(spec, 5);
    p.head(spec.internal() * (spec.inputs + 1)) *= 3.0;
    Eigen::VectorXd gradient;
    batch_loss(spec, p, X, y, &gradient);
    EXPECT_GT(gradient.segment(spec.internal() * (spec.inputs + 1), spec.nodes()).cwiseAbs().maxCoeff(), 1e-6);
}

}  // namespace
}  // namespace treelab::latent
