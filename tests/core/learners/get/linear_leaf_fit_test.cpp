#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/SVD>

#include "core/error.h"
#include "core/learners/get/linear_leaf_fit.h"
#include "tests/core/learners/get/get_test_util.h"

namespace treelab::get {
namespace {

// The minimum-norm least-squares slopes of the centred system by a different algorithm (SVD), as
// the reference for leaves whose rows do not determine the fit.
Eigen::VectorXd pseudo_inverse_slopes(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
    const Eigen::MatrixXd centred = X.rowwise() - X.colwise().mean();
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(centred, Eigen::ComputeThinU | Eigen::ComputeThinV);
    svd.setThreshold(1e-10);
    return svd.solve((y.array() - y.mean()).matrix());
}

// A well-posed leaf (12 rows, 3 features): h and k are the ordinary least-squares fit, the
// solution of the normal equations [1 X]ᵀ[1 X] β = [1 X]ᵀ y solved by brute force.
TEST(LinearLeafFit, EqualsTheNormalEquationsOnAWellPosedLeaf) {
    const Eigen::MatrixXd X = test::unit_rows(12, 3, 7);
    const Eigen::VectorXd y = test::unit_rows(12, 1, 8).col(0) + 2.0 * X.col(1) - X.col(2);
    Eigen::MatrixXd design(12, 4);
    design << Eigen::VectorXd::Ones(12), X;
    const Eigen::VectorXd beta = (design.transpose() * design).ldlt().solve(design.transpose() * y);
    const LinearFit fit = fit_linear_leaf(X, y);
    EXPECT_NEAR(fit.intercept, beta(0), 1e-10);
    for (Eigen::Index j = 0; j < 3; ++j) EXPECT_NEAR(fit.slopes(j), beta(j + 1), 1e-10) << "slope " << j;
}

// A rank-deficient leaf, fewer rows (3) than p + 1 = 5 and with a duplicated and a constant column:
// a finite, exact fit of its rows, and the minimum-norm one — equal slopes on the duplicated
// columns, none on the constant column, the SVD pseudo-inverse's slopes.
TEST(LinearLeafFit, RankDeficientLeafGetsTheMinimumNormFit) {
    Eigen::MatrixXd X(3, 4);
    X << 0.1, 0.7, 0.5, 0.1,  //
        0.4, 0.2, 0.5, 0.4,   //
        0.9, 0.6, 0.5, 0.9;
    const Eigen::Vector3d y(0.3, 0.8, 0.2);
    const LinearFit fit = fit_linear_leaf(X, y);
    ASSERT_TRUE(fit.slopes.allFinite() && std::isfinite(fit.intercept));
    const Eigen::VectorXd predicted = (X * fit.slopes).array() + fit.intercept;
    EXPECT_LT((predicted - y).cwiseAbs().maxCoeff(), 1e-12) << "two directions of variation fit three rows exactly";
    EXPECT_NEAR(fit.slopes(0), fit.slopes(3), 1e-12);
    EXPECT_NEAR(fit.slopes(2), 0.0, 1e-12);
    EXPECT_LT((fit.slopes - pseudo_inverse_slopes(X, y)).cwiseAbs().maxCoeff(), 1e-10);
}

// More rows than features but collinear columns (x2 = x0 + x1): the residual is orthogonal to
// every centred column (a least-squares fit) and the slopes are the pseudo-inverse's.
TEST(LinearLeafFit, CollinearColumnsGetTheMinimumNormLeastSquaresFit) {
    Eigen::MatrixXd X = test::unit_rows(20, 3, 3);
    X.col(2) = X.col(0) + X.col(1);
    const Eigen::VectorXd y = test::unit_rows(20, 1, 4).col(0);
    const LinearFit fit = fit_linear_leaf(X, y);
    const Eigen::VectorXd residual = y - ((X * fit.slopes).array() + fit.intercept).matrix();
    const Eigen::MatrixXd centred = X.rowwise() - X.colwise().mean();
    EXPECT_LT((centred.transpose() * residual).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_NEAR(residual.sum(), 0.0, 1e-12);
    EXPECT_LT((fit.slopes - pseudo_inverse_slopes(X, y)).cwiseAbs().maxCoeff(), 1e-10);
}

// A leaf of one row predicts its target with no slope; no row at all is an error.
TEST(LinearLeafFit, OneRowIsItsTarget) {
    const LinearFit fit = fit_linear_leaf(Eigen::RowVector3d(0.2, 0.9, 0.4), Eigen::VectorXd::Constant(1, 0.6));
    EXPECT_EQ(fit.slopes, Eigen::Vector3d::Zero());
    EXPECT_EQ(fit.intercept, 0.6);
    EXPECT_THROW(fit_linear_leaf(Eigen::MatrixXd(0, 3), Eigen::VectorXd(0)), Error);
}

}  // namespace
}  // namespace treelab::get
