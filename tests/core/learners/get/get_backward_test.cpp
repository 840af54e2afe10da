#include <gtest/gtest.h>

#include "core/learners/get/get_objective.h"
#include "tests/core/learners/get/get_test_util.h"
#include "tests/support/test_support.h"

namespace treelab::get {
namespace {

// The soft objective (004 eq. 3 with the code's 1/n) and, when asked, its hand-written gradient,
// in chunks of `chunk` rows (0: the learner's choice, one chunk for these small sets).
double objective(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::MatrixXd& X, const Eigen::MatrixXd& targets,
                 double alpha, Eigen::VectorXd* gradient, Eigen::Index chunk = 0) {
    SoftObjective soft(spec, X.rows(), chunk);
    return soft(alpha, parameters, X, targets, gradient);
}

void expect_gradient_matches_differences(const Spec& spec, const Eigen::MatrixXd& targets, double alpha) {
    const Eigen::MatrixXd X = test::unit_rows(targets.rows(), spec.inputs, 5);
    const Eigen::VectorXd parameters = test::random_tree(spec, 9);
    Eigen::VectorXd gradient;
    objective(spec, parameters, X, targets, alpha, &gradient);
    treelab::test::check_gradient([&](const Eigen::VectorXd& p) { return objective(spec, p, X, targets, alpha, nullptr); },
                                  parameters, gradient, 1e-6, 1e-5);
}

// The regression gradient (splits, thresholds, leaf constants) equals central finite differences.
TEST(GetBackward, RegressionGradientMatchesFiniteDifferences) {
    const Eigen::MatrixXd y = test::unit_rows(40, 1, 2);
    expect_gradient_matches_differences(test::spec(3, 4), y, 5.0);
    expect_gradient_matches_differences(test::spec(1, 2), y, 20.0);
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
    for (const Eigen::Index outputs : {1, 3}) {
        const Spec spec = test::spec(3, 4, outputs);
        const Eigen::MatrixXd X = test::unit_rows(40, 4, 5);
        Eigen::MatrixXd targets = test::unit_rows(40, 1, 2);
        if (outputs > 1) {
            targets = Eigen::MatrixXd::Zero(40, outputs);
            for (Eigen::Index i = 0; i < 40; ++i) targets(i, i % outputs) = 1.0;
        }
        const Eigen::VectorXd parameters = test::random_tree(spec, 9);
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

}  // namespace
}  // namespace treelab::get
