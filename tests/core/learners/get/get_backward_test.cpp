#include <gtest/gtest.h>

#include "core/learners/get/get_backward.h"
#include "core/learners/get/get_forward.h"
#include "core/learners/get/get_loss.h"
#include "tests/core/learners/get/get_test_util.h"
#include "tests/support/test_support.h"

namespace treelab::get {
namespace {

// The soft objective (004 eq. 3 with the code's 1/n) and, when asked, its hand-written gradient.
double objective(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::MatrixXd& X, const Eigen::MatrixXd& targets,
                 double alpha, Eigen::VectorXd* gradient) {
    Workspace work(spec, X.rows());
    split_margins(spec, parameters, X, work.margins);
    soft_routing(spec, alpha, work);
    const ParameterView v = view(spec, parameters);
    if (!gradient) return leaf_objective(spec, v.leaf, targets, work, nullptr);
    gradient->resize(spec.parameters());
    MutableParameterView d = mutable_view(spec, *gradient);
    const double value = leaf_objective(spec, v.leaf, targets, work, &d.leaf);
    backward(spec, alpha, X, work, *gradient);
    return value;
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
