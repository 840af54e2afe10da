#include "core/learners/dgt/bandit_feedback.h"

#include "core/error.h"
#include "core/nn/argmax.h"
#include "core/nn/random_uniform.h"
#include "core/nn/sigmoid.h"

namespace treelab::dgt {
namespace {

void check_rows(Eigen::Index rows, const LossOracle& oracle) {
    if (rows == 0 || rows != oracle.rows()) throw Error("A bandit loss needs one label in the loss oracle per row, and rows.");
}

}  // namespace

int queries_per_row(bool classification, const BanditSettings& settings) {
    return !classification && settings.estimator == Estimator::TwoPoint ? 2 : 1;
}

Eigen::MatrixXd exploration_probabilities(const Eigen::Ref<const Eigen::MatrixXd>& logits, double exploration) {
    Eigen::MatrixXd p = Eigen::MatrixXd::Constant(logits.rows(), logits.cols(), exploration / static_cast<double>(logits.cols()));
    const Eigen::VectorXi greedy = nn::row_argmax(logits);
    for (Eigen::Index i = 0; i < logits.rows(); ++i) p(i, greedy(i)) += 1.0 - exploration;
    return p;
}

Eigen::VectorXi draw_actions(const Eigen::Ref<const Eigen::MatrixXd>& probabilities, std::mt19937& random) {
    Eigen::VectorXi actions(probabilities.rows());
    for (Eigen::Index i = 0; i < probabilities.rows(); ++i) {
        const double u = nn::random_uniform(random, 0.0, 1.0);
        Eigen::Index k = 0;
        double cumulative = probabilities(i, 0);
        // The last class also takes what rounding leaves of the cumulative sum below 1.
        while (u >= cumulative && k + 1 < probabilities.cols()) cumulative += probabilities(i, ++k);
        actions(i) = static_cast<int>(k);
    }
    return actions;
}

double importance_weighted_loss(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::MatrixXd>& probabilities,
                                const Eigen::Ref<const Eigen::VectorXi>& actions, LossOracle& oracle, Eigen::MatrixXd& d_logits) {
    check_rows(logits.rows(), oracle);
    const auto n = static_cast<double>(logits.rows());
    d_logits.setZero(logits.rows(), logits.cols());
    double loss = 0.0;
    for (Eigen::Index i = 0; i < logits.rows(); ++i) {
        const Eigen::Index a = actions(i);
        const double p = probabilities(i, a), s = nn::sigmoid(logits(i, a));
        const double residual = oracle.zero_one(i, a) - (1.0 - s);  // σ − reward
        loss += residual * residual / p;
        d_logits(i, a) = 2.0 / p * residual * s * (1.0 - s) / n;  // 003 eq. 8
    }
    return loss / n;
}

Eigen::VectorXd draw_signs(Eigen::Index rows, std::mt19937& random) {
    Eigen::VectorXd signs(rows);
    for (double& u : signs) u = nn::random_uniform(random, 0.0, 1.0) < 0.5 ? -1.0 : 1.0;
    return signs;
}

double one_point_loss(const Eigen::Ref<const Eigen::VectorXd>& values, const Eigen::Ref<const Eigen::VectorXd>& signs, double delta,
                      LossOracle& oracle, Eigen::MatrixXd& d_values) {
    check_rows(values.size(), oracle);
    const auto n = static_cast<double>(values.size());
    d_values.resize(values.size(), 1);
    double loss = 0.0;
    for (Eigen::Index i = 0; i < values.size(); ++i) {
        const double queried = oracle.squared(i, values(i) + delta * signs(i));
        loss += queried;
        d_values(i, 0) = queried * signs(i) / delta / n;  // 003 eq. 9
    }
    return loss / n;
}

double two_point_loss(const Eigen::Ref<const Eigen::VectorXd>& values, double delta, LossOracle& oracle, Eigen::MatrixXd& d_values) {
    check_rows(values.size(), oracle);
    const auto n = static_cast<double>(values.size());
    d_values.resize(values.size(), 1);
    double loss = 0.0;
    for (Eigen::Index i = 0; i < values.size(); ++i) {
        const double above = oracle.squared(i, values(i) + delta), below = oracle.squared(i, values(i) - delta);
        loss += 0.5 * (above + below);
        d_values(i, 0) = (above - below) / (2.0 * delta) / n;  // 003 eq. 10
    }
    return loss / n;
}

double bandit_loss(bool classification, const BanditSettings& settings, const Eigen::Ref<const Eigen::MatrixXd>& outputs,
                   LossOracle& oracle, std::mt19937& random, Eigen::MatrixXd& d_outputs) {
    if (classification) {
        const Eigen::MatrixXd p = exploration_probabilities(outputs, settings.exploration);
        return importance_weighted_loss(outputs, p, draw_actions(p, random), oracle, d_outputs);
    }
    if (settings.estimator == Estimator::TwoPoint) return two_point_loss(outputs.col(0), settings.perturbation, oracle, d_outputs);
    return one_point_loss(outputs.col(0), draw_signs(outputs.rows(), random), settings.perturbation, oracle, d_outputs);
}

}  // namespace treelab::dgt
