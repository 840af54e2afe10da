#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/dgt/bandit_feedback.h"
#include "core/nn/sigmoid.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

constexpr double kExploration = 0.3;

// Logits of 6 rows × 4 classes and their labels (some rows predicted right, some wrong).
struct Batch {
    Eigen::MatrixXd logits = test::random_matrix(6, 4, 21, 2.0);
    Eigen::VectorXd labels = (Eigen::VectorXd(6) << 0, 3, 1, 1, 2, 0).finished();
};

// The full-information gradient of the loss the ε-greedy estimator is unbiased for:
// (1/n) Σ_i Σ_k (σ(o_ik) − 1[k = y_i])², as if every class's loss were queried.
Eigen::MatrixXd full_information_gradient(const Batch& b, double* loss) {
    const auto n = static_cast<double>(b.logits.rows());
    Eigen::MatrixXd gradient(b.logits.rows(), b.logits.cols());
    *loss = 0.0;
    for (Eigen::Index i = 0; i < b.logits.rows(); ++i)
        for (Eigen::Index k = 0; k < b.logits.cols(); ++k) {
            const double s = nn::sigmoid(b.logits(i, k)), r = b.labels(i) == static_cast<double>(k) ? 1.0 : 0.0;
            *loss += (s - r) * (s - r) / n;
            gradient(i, k) = 2.0 * (s - r) * s * (1.0 - s) / n;
        }
    return gradient;
}

// 003 eq. 7: the greedy class gets 1 − γ + γ/K, every other γ/K; each row sums to 1.
TEST(BanditFeedback, ExplorationProbabilitiesFollowEq7) {
    const Batch b;
    const Eigen::MatrixXd p = dgt::exploration_probabilities(b.logits, kExploration);
    for (Eigen::Index i = 0; i < p.rows(); ++i) {
        Eigen::Index greedy = 0;
        b.logits.row(i).maxCoeff(&greedy);
        for (Eigen::Index k = 0; k < p.cols(); ++k) EXPECT_NEAR(p(i, k), (k == greedy ? 0.7 : 0.0) + 0.3 / 4.0, 1e-15);
    }
}

// Played action by played action, eq. 8 is the derivative of the code's loss MSE(σ(o(â)), reward)/p(â)
// with p held fixed (the code computes P from detached outputs); each row queries the oracle once.
TEST(BanditFeedback, Eq8IsTheDerivativeOfTheCodesImportanceWeightedLoss) {
    const Batch b;
    const Eigen::MatrixXd p = dgt::exploration_probabilities(b.logits, kExploration);
    const Eigen::VectorXi actions = (Eigen::VectorXi(6) << 0, 1, 1, 3, 2, 2).finished();
    dgt::LossOracle oracle(b.labels);
    Eigen::MatrixXd d;
    const double loss = dgt::importance_weighted_loss(b.logits, p, actions, oracle, d);
    EXPECT_EQ(oracle.queries(), 6);
    double expected = 0.0;
    for (Eigen::Index i = 0; i < 6; ++i) {
        const double reward = b.labels(i) == actions(i) ? 1.0 : 0.0, s = nn::sigmoid(b.logits(i, actions(i)));
        expected += (s - reward) * (s - reward) / p(i, actions(i)) / 6.0;
    }
    EXPECT_NEAR(loss, expected, 1e-14);
    test::check_matrix_gradient(
        [&](const Eigen::MatrixXd& logits) {
            dgt::LossOracle again(b.labels);
            Eigen::MatrixXd unused;
            return dgt::importance_weighted_loss(logits, p, actions, again, unused);
        },
        b.logits, d, 1e-6, 1e-8);
    for (Eigen::Index i = 0; i < 6; ++i) EXPECT_EQ((d.row(i).array() != 0.0).count(), 1) << "only the played class gets gradient";
}

// Unbiasedness, exactly: the expectation of the estimate over â ~ p (every action of every row
// enumerated, weighted by its probability) is the full-information gradient, and the expected
// reported loss the full-information loss.
TEST(BanditFeedback, EpsilonGreedyExpectationIsTheFullInformationGradient) {
    const Batch b;
    const Eigen::MatrixXd p = dgt::exploration_probabilities(b.logits, kExploration);
    const auto n = static_cast<double>(b.logits.rows());
    Eigen::MatrixXd expected_gradient = Eigen::MatrixXd::Zero(6, 4);
    double expected_loss = 0.0;
    for (Eigen::Index i = 0; i < 6; ++i)
        for (int a = 0; a < 4; ++a) {
            dgt::LossOracle oracle(b.labels.segment(i, 1));
            Eigen::MatrixXd d;
            const double loss = dgt::importance_weighted_loss(b.logits.row(i), p.row(i), Eigen::VectorXi::Constant(1, a), oracle, d);
            expected_gradient.row(i) += p(i, a) * d / n;  // the batch's mean over rows: 1/n each
            expected_loss += p(i, a) * loss / n;
        }
    double full_loss = 0.0;
    const Eigen::MatrixXd full = full_information_gradient(b, &full_loss);
    EXPECT_LT((expected_gradient - full).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_NEAR(expected_loss, full_loss, 1e-14);
}

// The same by sampling through bandit_loss: drawn actions follow p, and the mean estimate over many
// rounds approaches the full-information gradient (a missing 1/p(â) would be off by several times).
TEST(BanditFeedback, SampledEpsilonGreedyAveragesToTheFullInformationGradient) {
    const Batch b;
    const dgt::BanditSettings settings;  // γ = 0.3
    std::mt19937 random(5);
    const int draws = 40000;
    Eigen::MatrixXd mean = Eigen::MatrixXd::Zero(6, 4), counts = Eigen::MatrixXd::Zero(6, 4);
    const Eigen::MatrixXd p = dgt::exploration_probabilities(b.logits, settings.exploration);
    for (int t = 0; t < draws; ++t) {
        dgt::LossOracle oracle(b.labels);
        Eigen::MatrixXd d;
        dgt::bandit_loss(true, settings, b.logits, oracle, random, d);
        ASSERT_EQ(oracle.queries(), 6);
        mean += d / draws;
        for (Eigen::Index i = 0; i < 6; ++i)
            for (Eigen::Index k = 0; k < 4; ++k) counts(i, k) += d(i, k) != 0.0 ? 1.0 / draws : 0.0;
    }
    double full_loss = 0.0;
    const Eigen::MatrixXd full = full_information_gradient(b, &full_loss);
    EXPECT_LT((counts - p).cwiseAbs().maxCoeff(), 0.01) << counts;
    EXPECT_LT((mean - full).cwiseAbs().maxCoeff(), 0.1 * full.cwiseAbs().maxCoeff()) << mean << "\n\n" << full;
}

// 003 eq. 9: over u = ±1 the one-point estimate averages to the central difference
// (ℓ(ŷ + δ) − ℓ(ŷ − δ))/(2δ), which for the squared loss is its derivative 2(ŷ − y); one query per row.
TEST(BanditFeedback, OnePointMeanOverSignsIsTheCentralDifference) {
    const Eigen::VectorXd values = (Eigen::VectorXd(4) << 0.2, 0.9, 0.5, -0.1).finished();
    const Eigen::VectorXd labels = (Eigen::VectorXd(4) << 0.0, 1.0, 0.25, 0.6).finished();
    for (const double delta : {0.5, 0.05}) {
        Eigen::MatrixXd plus, minus;
        dgt::LossOracle oracle(labels);
        const double loss_plus = dgt::one_point_loss(values, Eigen::VectorXd::Ones(4), delta, oracle, plus);
        const double loss_minus = dgt::one_point_loss(values, -Eigen::VectorXd::Ones(4), delta, oracle, minus);
        EXPECT_EQ(oracle.queries(), 8);
        for (Eigen::Index i = 0; i < 4; ++i) {
            const double up = std::pow(values(i) + delta - labels(i), 2), down = std::pow(values(i) - delta - labels(i), 2);
            EXPECT_NEAR(0.5 * (plus(i, 0) + minus(i, 0)), (up - down) / (2.0 * delta) / 4.0, 1e-14);
            EXPECT_NEAR(0.5 * (plus(i, 0) + minus(i, 0)), 2.0 * (values(i) - labels(i)) / 4.0, 1e-14);
            EXPECT_NEAR(plus(i, 0), up / delta / 4.0, 1e-14) << "u = +1: ℓ(ŷ + δ)/δ";
        }
        EXPECT_NEAR(loss_plus, ((values.array() + delta - labels.array()).square()).mean(), 1e-14) << "reports the queried loss";
        EXPECT_NEAR(loss_minus, ((values.array() - delta - labels.array()).square()).mean(), 1e-14);
    }
}

// 003 eq. 10 is exact for the squared loss at any δ: (ℓ(ŷ + δ) − ℓ(ŷ − δ))/(2δ) = 2(ŷ − y); two
// queries per row.
TEST(BanditFeedback, TwoPointIsExactForTheSquaredLoss) {
    const Eigen::VectorXd values = (Eigen::VectorXd(3) << 0.2, 0.9, -0.4).finished();
    const Eigen::VectorXd labels = (Eigen::VectorXd(3) << 0.0, 1.0, 0.3).finished();
    for (const double delta : {0.5, 0.01, 3.0}) {
        dgt::LossOracle oracle(labels);
        Eigen::MatrixXd d;
        const double loss = dgt::two_point_loss(values, delta, oracle, d);
        EXPECT_EQ(oracle.queries(), 6);
        for (Eigen::Index i = 0; i < 3; ++i) EXPECT_NEAR(d(i, 0), 2.0 * (values(i) - labels(i)) / 3.0, 1e-12) << delta;
        EXPECT_NEAR(loss, ((values.array() - labels.array()).square() + delta * delta).mean(), 1e-12) << "the mean of both queries";
    }
}

// bandit_loss queries the oracle queries_per_row times per row for each estimator, and a seed
// reproduces its draws exactly.
TEST(BanditFeedback, CountsQueriesAndReproducesDraws) {
    const Batch b;
    const Eigen::VectorXd values = test::random_matrix(6, 1, 22, 0.5);
    const Eigen::VectorXd targets = (test::random_matrix(6, 1, 23, 0.5).array() + 0.5).matrix();
    for (const dgt::Estimator estimator : {dgt::Estimator::OnePoint, dgt::Estimator::TwoPoint})
        for (const bool classification : {true, false}) {
            dgt::BanditSettings settings;
            settings.estimator = estimator;
            const Eigen::MatrixXd outputs = classification ? b.logits : Eigen::MatrixXd(values);
            const Eigen::VectorXd& labels = classification ? b.labels : targets;
            std::mt19937 first(9), second(9);
            dgt::LossOracle oracle(labels), again(labels);
            Eigen::MatrixXd d1, d2;
            const double loss1 = dgt::bandit_loss(classification, settings, outputs, oracle, first, d1);
            const double loss2 = dgt::bandit_loss(classification, settings, outputs, again, second, d2);
            EXPECT_EQ(oracle.queries(), 6 * dgt::queries_per_row(classification, settings));
            EXPECT_EQ(loss1, loss2);
            EXPECT_EQ(d1, d2);
        }
    EXPECT_EQ(dgt::queries_per_row(false, {0.3, dgt::Estimator::TwoPoint, 0.5}), 2);
    EXPECT_EQ(dgt::queries_per_row(true, {0.3, dgt::Estimator::TwoPoint, 0.5}), 1) << "the estimator is for regression";
    dgt::LossOracle short_oracle(b.labels.head(3));
    Eigen::MatrixXd d;
    std::mt19937 random(1);
    EXPECT_THROW(dgt::bandit_loss(true, {}, b.logits, short_oracle, random, d), Error);
}

}  // namespace
}  // namespace treelab
