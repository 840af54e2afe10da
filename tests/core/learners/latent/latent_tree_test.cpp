#include <cmath>
#include <random>

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

// Compares the gradient of batch_loss with central differences, coordinate by coordinate, skipping
// coordinates where the two one-sided differences disagree (a kink of a min, the clamp or the PAV
// partition lies within eps). Returns how many coordinates were checked per block.
Eigen::VectorXi check_against_finite_differences(const Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X,
                                                 const Eigen::MatrixXd& targets) {
    Eigen::VectorXd gradient;
    const double f0 = batch_loss(spec, p, X, targets, &gradient);
    const double eps = 1e-6;
    const Eigen::Index blocks[] = {spec.internal() * spec.inputs, spec.internal(), spec.nodes(),
                                   spec.outputs * (spec.inputs + spec.leaves()), spec.outputs};
    Eigen::VectorXi checked = Eigen::VectorXi::Zero(5);
    Eigen::Index k = 0;
    for (int block = 0; block < 5; ++block)
        for (Eigen::Index j = 0; j < blocks[block]; ++j, ++k) {
            Eigen::VectorXd plus = p, minus = p;
            plus(k) += eps;
            minus(k) -= eps;
            const double fp = batch_loss(spec, plus, X, targets, nullptr), fm = batch_loss(spec, minus, X, targets, nullptr);
            const double forward = (fp - f0) / eps, backward = (f0 - fm) / eps;
            if (std::abs(forward - backward) > 1e-4 * std::max(1.0, std::abs(forward))) continue;
            const double central = (fp - fm) / (2 * eps);
            EXPECT_NEAR(gradient(k), central, 1e-6 * std::max(1.0, std::abs(central))) << "block " << block << " entry " << j;
            ++checked(block);
        }
    EXPECT_EQ(k, p.size());
    return checked;
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
        const Eigen::VectorXi checked = check_against_finite_differences(spec, p, X, y);
        for (int block = 0; block < 5; ++block) EXPECT_GT(checked(block), 0) << "block " << block;
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
    const Eigen::VectorXi checked = check_against_finite_differences(spec, p, X, y);
    for (int block = 0; block < 5; ++block) EXPECT_GT(checked(block), 0) << "block " << block;
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
