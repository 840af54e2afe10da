#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/gradtree/gradtree_forward.h"
#include "core/learners/gradtree/gradtree_loss.h"
#include "core/learners/gradtree/path_table.h"
#include "core/nn/entmax.h"
#include "core/nn/sigmoid.h"
#include "core/nn/straight_through.h"
#include "tests/core/learners/gradtree/gradtree_test_util.h"

namespace treelab {
namespace {

// The straight-through offsets frozen at the parameters θ₀: the code's E − stopgrad(E − H) and
// s − stopgrad(s − h) (001 §3.3, eq. 7).
struct Anchor {
    Eigen::MatrixXd onehot_minus_entmax;  // H₀ − E₀, internal × inputs
    Eigen::MatrixXd hard_minus_soft;      // h₀ − s₀, rows × internal
};

// u = t − x with the relaxed one-hot: t_i = T_i·H_i, x_{b,i} = X_b·H_i (001 eq. 6).
Eigen::MatrixXd relaxed_u(const gradtree::ParameterView& v, const Eigen::MatrixXd& H, const Eigen::MatrixXd& X) {
    const Eigen::RowVectorXd t = v.T.cwiseProduct(H).rowwise().sum().transpose();
    return (-(X * H.transpose())).rowwise() + t;
}

Anchor anchor_at(const gradtree::Spec& spec, const Eigen::VectorXd& p, const Eigen::MatrixXd& X) {
    const gradtree::ParameterView v = gradtree::view(spec, p);
    const Eigen::MatrixXd E = nn::entmax15(v.I);
    const Eigen::MatrixXd H = nn::hardmax(E);
    const Eigen::MatrixXd u = relaxed_u(v, H, X);
    return {H - E, (u.array() > 0.0).cast<double>().matrix() - nn::sigmoid(u)};
}

// The pre-rounding forward pass in its straight-through form, with the DENSE leaf membership
// 𝕃_{b,l} = Π_j [h or 1 − h] over the path table (001 eq. 3). At θ₀ it
// equals the hard forward; its derivative there is, by construction, the straight-through
// gradient, so central differences of it check the hand-written backward pass (the
// path-based ∂ℒ/∂h against the dense product rule).
double relaxed_loss(const gradtree::Spec& spec, const gradtree::PathTable& paths, const Eigen::VectorXd& p, const Eigen::MatrixXd& X,
                    const Eigen::VectorXd& y, const Anchor& anchor) {
    const gradtree::ParameterView v = gradtree::view(spec, p);
    const Eigen::MatrixXd H = nn::entmax15(v.I) + anchor.onehot_minus_entmax;
    const Eigen::MatrixXd u = relaxed_u(v, H, X);
    const Eigen::MatrixXd h = nn::sigmoid(u) + anchor.hard_minus_soft;
    Eigen::MatrixXd membership = Eigen::MatrixXd::Ones(X.rows(), spec.leaves());
    for (Eigen::Index l = 0; l < spec.leaves(); ++l)
        for (int j = 0; j < spec.depth; ++j) {
            const Eigen::VectorXd left = h.col(paths.node(l, j));
            const Eigen::VectorXd factor = paths.branch(l, j) == 0 ? left : Eigen::VectorXd(1.0 - left.array());
            membership.col(l).array() *= factor.array();
        }
    return gradtree::output_loss(spec, membership * v.leaf, y);
}

// Checks batch_loss' value against the relaxed forward at θ₀ and its gradient against central
// differences of the relaxed forward, and that every part of the gradient is exercised.
void check_backward(const gradtree::Spec& spec, const Eigen::VectorXd& y, std::uint32_t seed) {
    const gradtree::PathTable paths = gradtree::path_table(spec.depth);
    const Eigen::VectorXd p = test::random_parameters(spec, seed);
    const Eigen::MatrixXd X = test::random_matrix(y.size(), spec.inputs, seed + 1, 1.5);
    Eigen::VectorXd gradient;
    const double loss = gradtree::batch_loss(spec, paths, p, X, y, &gradient);
    const Anchor anchor = anchor_at(spec, p, X);
    EXPECT_NEAR(loss, relaxed_loss(spec, paths, p, X, y, anchor), 1e-14);
    EXPECT_EQ(loss, gradtree::batch_loss(spec, paths, p, X, y, nullptr));
    const auto f = [&](const Eigen::VectorXd& q) { return relaxed_loss(spec, paths, q, X, y, anchor); };
    test::check_gradient(f, p, gradient, 1e-6, 1e-8);
    const gradtree::ParameterView d = gradtree::view(spec, gradient);
    EXPECT_GT((d.I.array() != 0.0).count(), spec.internal());  // features in the support get gradient
    EXPECT_GT((d.T.array() != 0.0).count(), spec.internal() / 2);
    EXPECT_LE((d.T.array() != 0.0).count(), spec.internal());  // one threshold per node at most (001 §3.2)
    EXPECT_GT((d.leaf.array() != 0.0).count(), 0);
}

Eigen::VectorXd labels(Eigen::Index rows, int classes) {
    Eigen::VectorXd y(rows);
    for (Eigen::Index b = 0; b < rows; ++b) y(b) = static_cast<double>((b * 7 + 3) % classes);
    return y;
}

gradtree::Spec spec_of(int depth, Eigen::Index outputs, gradtree::Loss loss) {
    gradtree::Spec spec;
    spec.depth = depth;
    spec.inputs = 4;
    spec.outputs = outputs;
    spec.loss = loss;
    return spec;
}

// Binary: one logit per leaf, σ + binary cross-entropy (001 §4.1).
TEST(GradTreeBackward, BinaryCrossEntropyMatchesRelaxedFiniteDifferences) {
    check_backward(spec_of(3, 1, gradtree::Loss::CrossEntropy), labels(60, 2), 11);
}

// Multi-class: softmax cross-entropy over C leaf logits.
TEST(GradTreeBackward, SoftmaxCrossEntropyMatchesRelaxedFiniteDifferences) {
    check_backward(spec_of(4, 3, gradtree::Loss::CrossEntropy), labels(80, 3), 21);
}

// The tuned multi-class default: focal loss with γ = 3 on softmax (001 App. B.2, App. C).
TEST(GradTreeBackward, SoftmaxFocalMatchesRelaxedFiniteDifferences) {
    check_backward(spec_of(3, 4, gradtree::Loss::Focal), labels(70, 4), 31);
}

// Binary focal loss on the single logit.
TEST(GradTreeBackward, BinaryFocalMatchesRelaxedFiniteDifferences) {
    check_backward(spec_of(2, 1, gradtree::Loss::Focal), labels(50, 2), 41);
}

// Regression: one value per leaf and squared error.
TEST(GradTreeBackward, SquaredErrorMatchesRelaxedFiniteDifferences) {
    check_backward(spec_of(3, 1, gradtree::Loss::SquaredError), test::random_matrix(60, 1, 51, 2.0), 52);
}

gradtree::Spec with_poly(gradtree::Spec spec, double epsilon, nn::PolyPt pt) {
    spec.poly_epsilon = epsilon;
    spec.poly_pt = pt;
    return spec;
}

// Poly-1 on top of each classification loss (001 Table 12: WDBC cross-entropy + ε 2,
// Congressional Voting focal + ε 5), with the paper code's twice-activated p_t and the clean one.
TEST(GradTreeBackward, Poly1MatchesRelaxedFiniteDifferences) {
    for (const nn::PolyPt pt : {nn::PolyPt::Activated, nn::PolyPt::Logits}) {
        SCOPED_TRACE(pt == nn::PolyPt::Activated ? "paper" : "clean");
        check_backward(with_poly(spec_of(3, 1, gradtree::Loss::CrossEntropy), 2.0, pt), labels(60, 2), 71);
        check_backward(with_poly(spec_of(2, 1, gradtree::Loss::Focal), 5.0, pt), labels(50, 2), 72);
        check_backward(with_poly(spec_of(3, 3, gradtree::Loss::CrossEntropy), 5.0, pt), labels(80, 3), 73);
    }
    check_backward(with_poly(spec_of(3, 4, gradtree::Loss::Focal), 5.0, nn::PolyPt::Logits), labels(70, 4), 74);
}

// Poly-1 changes the loss and its gradient, except where the paper code's term is a constant:
// multi-class focal with its sparse labels (poly1_loss.h), left out as it moves nothing.
TEST(GradTreeBackward, Poly1IsInertOnlyForThePapersMultiClassFocal) {
    const auto loss_and_gradient = [](const gradtree::Spec& spec, const Eigen::VectorXd& y) {
        const Eigen::VectorXd p = test::random_parameters(spec, 81);
        const Eigen::MatrixXd X = test::random_matrix(y.size(), spec.inputs, 82, 1.5);
        Eigen::VectorXd gradient;
        const double loss = gradtree::batch_loss(spec, gradtree::path_table(spec.depth), p, X, y, &gradient);
        return std::pair{loss, gradient};
    };
    const gradtree::Spec focal = spec_of(3, 3, gradtree::Loss::Focal);
    EXPECT_EQ(loss_and_gradient(with_poly(focal, 5.0, nn::PolyPt::Activated), labels(40, 3)), loss_and_gradient(focal, labels(40, 3)));
    EXPECT_NE(loss_and_gradient(with_poly(focal, 5.0, nn::PolyPt::Logits), labels(40, 3)).second,
              loss_and_gradient(focal, labels(40, 3)).second);
    const gradtree::Spec binary = spec_of(3, 1, gradtree::Loss::Focal);
    const auto plain = loss_and_gradient(binary, labels(40, 2)), poly = loss_and_gradient(with_poly(binary, 5.0, nn::PolyPt::Activated), labels(40, 2));
    EXPECT_GT(poly.first, plain.first);
    EXPECT_NE(poly.second, plain.second);
}

// A node whose top logit leads by ≥ 2 is one-hot under entmax, so its feature choice is frozen:
// zero gradient on its row of I, while its threshold still learns (001 §3.2: T keeps one threshold per feature).
TEST(GradTreeBackward, FrozenFeatureChoiceStillMovesItsThreshold) {
    const gradtree::Spec spec = spec_of(2, 1, gradtree::Loss::CrossEntropy);
    Eigen::VectorXd p = test::random_parameters(spec, 61);
    Eigen::Map<Eigen::MatrixXd>(p.data(), spec.internal(), spec.inputs).row(0) << 3.0, 0.5, 0.0, -1.0;
    const Eigen::MatrixXd X = test::random_matrix(40, spec.inputs, 62, 1.5);
    Eigen::VectorXd gradient;
    gradtree::batch_loss(spec, gradtree::path_table(spec.depth), p, X, labels(40, 2), &gradient);
    const gradtree::ParameterView d = gradtree::view(spec, gradient);
    EXPECT_EQ(d.I.row(0), Eigen::RowVectorXd::Zero(spec.inputs));
    EXPECT_NE(d.T(0, 0), 0.0);
    EXPECT_EQ(d.T.row(0).tail(3), Eigen::RowVectorXd::Zero(3));
}

// Targets that do not match the rows are an error with a message (core/nn's checks), for every loss.
TEST(GradTreeBackward, RejectsTargetsOfTheWrongLength) {
    for (const gradtree::Loss loss : {gradtree::Loss::CrossEntropy, gradtree::Loss::Focal, gradtree::Loss::SquaredError}) {
        const gradtree::Spec spec = spec_of(2, loss == gradtree::Loss::SquaredError ? 1 : 3, loss);
        const Eigen::MatrixXd X = test::random_matrix(10, spec.inputs, 7);
        EXPECT_THROW(gradtree::batch_loss(spec, gradtree::path_table(2), test::random_parameters(spec, 8), X, labels(9, 3), nullptr), Error);
    }
}

}  // namespace
}  // namespace treelab
