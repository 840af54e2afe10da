#include <bit>
#include <cstdint>

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/learners/get/get_objective.h"
#include "tests/core/learners/get/get_test_util.h"
#include "tests/support/test_support.h"

namespace treelab::get {
namespace {

// The soft objective (004 eq. 3 with the code's 1/n) and, when asked, its hand-written gradient,
// in chunks of `chunk` rows (0: the learner's choice, one chunk for these small sets).
double objective(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::MatrixXd& X, const Eigen::MatrixXd& targets,
                 double alpha, Eigen::VectorXd* gradient, Eigen::Index chunk = 0, double l1 = 0.0) {
    SoftObjective soft(spec, X.rows(), l1, chunk);
    return soft(alpha, parameters, X, targets, gradient);
}

// Linear leaves get random slopes (random_tree starts them at 0); `l1` > 0 adds 004 eq. 5's term,
// differentiable at these parameters since no split weight is 0.
void expect_gradient_matches_differences(const Spec& spec, const Eigen::MatrixXd& targets, double alpha, double l1 = 0.0) {
    const Eigen::MatrixXd X = test::unit_rows(targets.rows(), spec.inputs, 5);
    const Eigen::VectorXd parameters = test::random_linear_tree(spec, 9);
    ASSERT_GT(view(spec, parameters).A.cwiseAbs().minCoeff(), 1e-3) << "away from the kink of |a|";
    Eigen::VectorXd gradient;
    objective(spec, parameters, X, targets, alpha, &gradient, 0, l1);
    treelab::test::check_gradient([&](const Eigen::VectorXd& p) { return objective(spec, p, X, targets, alpha, nullptr, 0, l1); },
                                  parameters, gradient, 1e-6, 1e-5);
}

// The regression gradient (splits, thresholds, leaf constants) equals central finite differences.
TEST(GetBackward, RegressionGradientMatchesFiniteDifferences) {
    const Eigen::MatrixXd y = test::unit_rows(40, 1, 2);
    expect_gradient_matches_differences(test::spec(3, 4), y, 5.0);
    expect_gradient_matches_differences(test::spec(1, 2), y, 20.0);
}

// GET-Linear's gradient (splits and thresholds through the reach, intercepts h and slopes K of the
// linear leaves, 004 eq. 3 with §2 (a)) with and without 004 eq. 5's L1 term equals central differences.
TEST(GetBackward, LinearLeafGradientMatchesFiniteDifferences) {
    const Eigen::MatrixXd y = test::unit_rows(40, 1, 2);
    expect_gradient_matches_differences(test::linear_spec(3, 4), y, 5.0);
    expect_gradient_matches_differences(test::linear_spec(3, 4), y, 5.0, 0.05);
    expect_gradient_matches_differences(test::linear_spec(1, 2), y, 20.0, 1e-3);
}

// The L1 term is λ·Σ|a| over the split weights only: the objective rises by exactly that, and the
// gradient by λ·sign(a) on A and by nothing elsewhere.
TEST(GetBackward, L1AddsLambdaTimesTheSplitWeightsNorm) {
    const Spec spec = test::linear_spec(2, 3);
    const Eigen::MatrixXd X = test::unit_rows(30, 3, 5), y = test::unit_rows(30, 1, 2);
    Eigen::VectorXd parameters = test::random_linear_tree(spec, 4);
    mutable_view(spec, parameters).A(1, 2) = 0.0;  // sign(0) = 0
    Eigen::VectorXd plain, regularised;
    const double without = objective(spec, parameters, X, y, 6.0, &plain);
    const double with = objective(spec, parameters, X, y, 6.0, &regularised, 0, 0.25);
    EXPECT_NEAR(with - without, 0.25 * view(spec, parameters).A.cwiseAbs().sum(), 1e-14);
    Eigen::VectorXd expected = Eigen::VectorXd::Zero(spec.parameters());
    mutable_view(spec, expected).A = 0.25 * view(spec, parameters).A.array().sign().matrix();
    EXPECT_LT((regularised - plain - expected).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_EQ(mutable_view(spec, expected).A(1, 2), 0.0);
}

// The classification extension's gradient (soft-weighted log-loss of leaf logits) equals central differences.
TEST(GetBackward, ClassificationGradientMatchesFiniteDifferences) {
    Eigen::MatrixXd onehot = Eigen::MatrixXd::Zero(30, 3);
    for (Eigen::Index i = 0; i < 30; ++i) onehot(i, i % 3) = 1.0;
    expect_gradient_matches_differences(test::spec(2, 3, 3), onehot, 4.0);
}

// Chunks of rows add up to the whole batch: objective and gradient with chunks of 7 (and a last
// chunk of 5) equal the single-chunk pass to rounding, for regression and classes.
TEST(GetBackward, ChunksOfRowsAddUpToTheWholeBatch) {
    for (const Eigen::Index outputs : {1, 3, 0}) {  // 0: linear leaves
        const Spec spec = outputs > 0 ? test::spec(3, 4, outputs) : test::linear_spec(3, 4);
        const Eigen::MatrixXd X = test::unit_rows(40, 4, 5);
        Eigen::MatrixXd targets = test::unit_rows(40, 1, 2);
        if (outputs > 1) {
            targets = Eigen::MatrixXd::Zero(40, outputs);
            for (Eigen::Index i = 0; i < 40; ++i) targets(i, i % outputs) = 1.0;
        }
        const Eigen::VectorXd parameters = test::random_linear_tree(spec, 9);  // slopes only where the leaves are linear
        Eigen::VectorXd whole, chunked;
        const double value = objective(spec, parameters, X, targets, 7.0, &whole, 40);
        EXPECT_NEAR(objective(spec, parameters, X, targets, 7.0, &chunked, 7), value, 1e-14);
        EXPECT_LT((chunked - whole).cwiseAbs().maxCoeff(), 1e-13);
    }
}

// The objective is the reach-weighted loss: at a huge α the soft routing is the hard one, and the
// objective is the hard tree's squared error with the trained constants.
TEST(GetBackward, LargeScaleFactorGivesTheHardObjective) {
    const Spec spec = test::spec(2, 2);
    const Eigen::MatrixXd X = test::unit_rows(25, 2, 4);
    Eigen::VectorXd parameters = test::random_tree(spec, 1);
    const Eigen::MatrixXd y = test::unit_rows(25, 1, 8);
    const ParameterView v = view(spec, parameters);
    double expected = 0.0;
    for (Eigen::Index i = 0; i < 25; ++i) {
        Eigen::Index node = 0;
        while (node < spec.internal()) node = 2 * node + (v.A.row(node).dot(X.row(i)) <= v.b(node) ? 1 : 2);
        expected += std::pow(y(i, 0) - v.leaf(node - spec.internal(), 0), 2) / 25.0;
    }
    EXPECT_NEAR(objective(spec, parameters, X, y, 1e7, nullptr), expected, 1e-9);
}

// Same for linear leaves: at a huge α the objective is the hard tree's squared error of k·x + h.
TEST(GetBackward, LargeScaleFactorGivesTheHardLinearObjective) {
    const Spec spec = test::linear_spec(2, 2);
    const Eigen::MatrixXd X = test::unit_rows(25, 2, 4);
    const Eigen::VectorXd parameters = test::random_linear_tree(spec, 1);
    const Eigen::MatrixXd y = test::unit_rows(25, 1, 8);
    const ParameterView v = view(spec, parameters);
    double expected = 0.0;
    for (Eigen::Index i = 0; i < 25; ++i) {
        Eigen::Index node = 0;
        while (node < spec.internal()) node = 2 * node + (v.A.row(node).dot(X.row(i)) <= v.b(node) ? 1 : 2);
        const Eigen::Index leaf = node - spec.internal();
        expected += std::pow(y(i, 0) - v.leaf(leaf, 0) - v.K.row(leaf).dot(X.row(i)), 2) / 25.0;
    }
    EXPECT_NEAR(objective(spec, parameters, X, y, 1e7, nullptr), expected, 1e-9);
}

// Blocks of rows run in parallel and their sums are added in block order: the objective and
// every gradient entry are the same bit for bit on one and on two threads, and equal to one pass
// over all the rows up to rounding.
TEST(GetBackward, BlocksGiveTheSameSumsOnAnyNumberOfThreads) {
    const Spec spec = test::spec(3, 4, 3);
    const Eigen::MatrixXd X = test::unit_rows(200, spec.inputs, 5);
    Eigen::MatrixXd targets = Eigen::MatrixXd::Zero(200, 3);
    for (Eigen::Index i = 0; i < 200; ++i) targets(i, i % 3) = 1.0;
    const Eigen::VectorXd parameters = test::random_tree(spec, 9);
    std::vector<Eigen::VectorXd> gradients;
    std::vector<double> objectives;
    for (const std::size_t threads : {1, 2}) {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
        SoftObjective soft(spec, X.rows(), 0.0, 16, 48);  // 5 blocks of 3 chunks, the last one shorter
        Eigen::VectorXd gradient;
        for (int repeat = 0; repeat < 20; ++repeat) objectives.push_back(soft(6.0, parameters, X, targets, &gradient));
        gradients.push_back(gradient);
    }
    for (const double objective : objectives) EXPECT_EQ(std::bit_cast<std::uint64_t>(objective), std::bit_cast<std::uint64_t>(objectives.front()));
    ASSERT_EQ(gradients[0].size(), gradients[1].size());
    for (Eigen::Index k = 0; k < gradients[0].size(); ++k)
        EXPECT_EQ(std::bit_cast<std::uint64_t>(gradients[0](k)), std::bit_cast<std::uint64_t>(gradients[1](k))) << "entry " << k;
    Eigen::VectorXd whole;
    const double one_pass = objective(spec, parameters, X, targets, 6.0, &whole);
    EXPECT_NEAR(objectives.front(), one_pass, 1e-13);
    EXPECT_LT((gradients[0] - whole).cwiseAbs().maxCoeff(), 1e-13);
}

}  // namespace
}  // namespace treelab::get
