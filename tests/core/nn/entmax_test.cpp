#include <algorithm>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "core/nn/argmax.h"
#include "core/nn/entmax.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

Eigen::RowVectorXd entmax_of(const Eigen::RowVectorXd& v) { return nn::entmax15(v); }

// Independent solution of the entmax-1.5 problem: p_k = [v_k/2 − τ]₊² with Σ p = 1, τ by bisection
// on the monotone Σ_k [z_k − τ]₊² over [max z − 1, max z].
Eigen::RowVectorXd entmax_by_bisection(const Eigen::RowVectorXd& v) {
    const Eigen::RowVectorXd z = v / 2.0;
    double low = z.maxCoeff() - 1.0, high = z.maxCoeff();
    for (int it = 0; it < 200; ++it) {
        const double mid = 0.5 * (low + high);
        ((z.array() - mid).cwiseMax(0.0).square().sum() > 1.0 ? low : high) = mid;
    }
    return (z.array() - 0.5 * (low + high)).cwiseMax(0.0).square().matrix();
}

// Values computed independently of this code (bisection on the entmax problem of Peters et al.
// 2019), to 6 decimals.
TEST(NnEntmax, MatchesIndependentValues) {
    const Eigen::RowVectorXd a = entmax_of(Eigen::RowVector4d(1, 0, 0, 0));
    EXPECT_NEAR(a(0), 0.681770, 5e-7);
    for (int k = 1; k < 4; ++k) EXPECT_NEAR(a(k), 0.106077, 5e-7);
    const Eigen::RowVectorXd b = entmax_of(Eigen::RowVector4d(2, 1.5, 0.5, -3));
    EXPECT_NEAR(b(0), 0.671164, 5e-7);
    EXPECT_NEAR(b(1), 0.324041, 5e-7);
    EXPECT_NEAR(b(2), 0.004795, 5e-7);
    EXPECT_EQ(b(3), 0.0);  // exactly outside the support
    EXPECT_EQ(entmax_of(Eigen::RowVector4d(3, 1, 0, -1)), Eigen::RowVector4d(1, 0, 0, 0));
    const Eigen::RowVectorXd uniform = entmax_of(Eigen::RowVectorXd::Zero(5));
    for (int k = 0; k < 5; ++k) EXPECT_NEAR(uniform(k), 0.2, 1e-15);
}

// Every row of a batch is a distribution equal to the bisection solution (to 1e-12), whatever the scale.
TEST(NnEntmax, AgreesWithBisection) {
    for (const double scale : {0.1, 1.0, 4.0, 30.0}) {
        const Eigen::MatrixXd v = test::random_matrix(12, 6, 3, scale);
        const Eigen::MatrixXd p = nn::entmax15(v);
        for (Eigen::Index i = 0; i < v.rows(); ++i) {
            EXPECT_NEAR(p.row(i).sum(), 1.0, 1e-12);
            EXPECT_TRUE((p.row(i).array() >= 0.0).all());
            EXPECT_LE((p.row(i) - entmax_by_bisection(v.row(i))).cwiseAbs().maxCoeff(), 1e-12) << "scale " << scale << " row " << i;
        }
    }
}

// The backward pass is the Jacobian-vector product: ⟨g, entmax(v)⟩ differentiated by central differences.
TEST(NnEntmax, BackwardMatchesFiniteDifferences) {
    const Eigen::MatrixXd v = test::random_matrix(5, 4, 11, 1.5);
    const Eigen::MatrixXd g = test::random_matrix(5, 4, 12);
    const Eigen::MatrixXd p = nn::entmax15(v);
    ASSERT_GT((p.array() == 0.0).count(), 0) << "want some entries outside the support";
    const auto f = [&](const Eigen::MatrixXd& x) { return g.cwiseProduct(nn::entmax15(x)).sum(); };
    test::check_matrix_gradient(f, v, nn::entmax15_backward(p, g), 1e-7, 1e-7);
}

// Each Jacobian row sums to 0 (shift invariance), entries outside the support get no gradient, and
// a one-hot output (top logit ahead by ≥ 2) has a zero Jacobian: the feature choice is frozen.
TEST(NnEntmax, JacobianStructure) {
    const Eigen::RowVectorXd v = Eigen::RowVector4d(2, 1.5, 0.5, -3);
    const Eigen::RowVectorXd p = entmax_of(v);
    for (int k = 0; k < 4; ++k) {
        const Eigen::RowVectorXd row = nn::entmax15_backward(p, Eigen::RowVectorXd::Unit(4, k));  // row k of J
        EXPECT_NEAR(row.sum(), 0.0, 1e-15) << "row " << k;
        EXPECT_EQ(row(3), 0.0);
    }
    const Eigen::RowVectorXd onehot = entmax_of(Eigen::RowVector4d(3, 1, 0, -1));
    EXPECT_EQ(nn::entmax15_backward(onehot, Eigen::RowVector4d(0.3, -2, 5, 1)), Eigen::RowVector4d::Zero());
}

// entmax15_argmax equals the argmax of the computed entmax on every row: clear leads (its short
// cut), exact ties, logits one ulp apart (entmax rounds both to one value: the first wins), NaN
// and infinite logits (argmax.h's rule on the computed row), one and many columns.
TEST(NnEntmax, ArgmaxEqualsTheArgmaxOfEntmax) {
    for (const Eigen::Index cols : {Eigen::Index{1}, Eigen::Index{2}, Eigen::Index{7}, Eigen::Index{40}}) {
        Eigen::MatrixXd logits = test::random_matrix(300, cols, 5 + static_cast<std::uint32_t>(cols), 3.0);
        for (Eigen::Index i = 0; i < logits.rows() && cols > 1; i += 6) {
            const Eigen::Index top = i % cols, other = (i + 1) % cols;
            logits.row(i).array() -= logits.row(i).maxCoeff() + 1.0;  // the others ≤ −1; the pair near 0, where an ulp is lost in z − τ
            logits(i, top) = 1e-3;
            logits(i, other) = i % 12 == 0 ? 1e-3 : std::nextafter(1e-3, 1.0);
        }
        logits(3, 0) = std::numeric_limits<double>::quiet_NaN();
        logits(9, cols - 1) = std::numeric_limits<double>::infinity();
        logits(15, 0) = -std::numeric_limits<double>::infinity();
        const Eigen::VectorXi expected = nn::row_argmax(nn::entmax15(logits));
        EXPECT_EQ(nn::entmax15_argmax(logits), expected) << cols << " columns";
        if (cols > 1) {
            Eigen::Index differs = 0;  // the ulp pairs: entmax ties where the logits do not
            for (Eigen::Index i = 6; i < logits.rows(); i += 12) differs += expected(i) != nn::row_argmax(logits.row(i))(0);
            EXPECT_GT(differs, 0) << cols << " columns";
        }
    }
}

}  // namespace
}  // namespace treelab
