// Poly-1's added term ε(1 − p_t) (Leng et al. 2022; 001 App. C): values against the direct formulas, for the
// clean p_t and for the GradTree code's twice-activated one, and gradients by central differences.
#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/nn/poly1_loss.h"
#include "core/nn/sigmoid.h"
#include "core/nn/softmax.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab {
namespace {

const Eigen::VectorXd kLabels = (Eigen::VectorXd(6) << 0, 2, 1, 3, 3, 0).finished();
const Eigen::VectorXd kBinary = (Eigen::VectorXd(6) << 0, 1, 1, 0, 1, 0).finished();

// Binary: ε(1 − p_t) with p_t = σ(z) or 1 − σ(z), and with σ applied twice (the code's quirk);
// the clean term equals the softmax one on the two-class logits [0, z]; ε = 0 adds nothing.
TEST(NnPoly1, SigmoidTermValues) {
    const Eigen::MatrixXd z = test::random_matrix(6, 1, 81, 3.0);
    double clean = 0.0, activated = 0.0;
    for (Eigen::Index i = 0; i < 6; ++i) {
        const double p = nn::sigmoid(z(i, 0)), pp = nn::sigmoid(p);
        clean += 2.0 * (1.0 - (kBinary(i) == 1.0 ? p : 1.0 - p));
        activated += 2.0 * (1.0 - (kBinary(i) == 1.0 ? pp : 1.0 - pp));
    }
    EXPECT_NEAR(nn::sigmoid_poly1_term(z, kBinary, 2.0, nn::PolyPt::Logits), clean / 6.0, 1e-15);
    EXPECT_NEAR(nn::sigmoid_poly1_term(z, kBinary, 2.0, nn::PolyPt::Activated), activated / 6.0, 1e-15);
    Eigen::MatrixXd two_class = Eigen::MatrixXd::Zero(6, 2);
    two_class.col(1) = z.col(0);
    EXPECT_NEAR(nn::sigmoid_poly1_term(z, kBinary, 5.0, nn::PolyPt::Logits),
                nn::softmax_poly1_term(two_class, kBinary, 5.0, nn::PolyPt::Logits), 1e-15);
    EXPECT_EQ(nn::sigmoid_poly1_term(z, kBinary, 0.0, nn::PolyPt::Activated), 0.0);
    // The quirk keeps p_t in (σ(0), σ(1)) = (0.5, 0.731) for y = 1, whatever the logit.
    EXPECT_NEAR(nn::sigmoid_poly1_term(Eigen::MatrixXd::Constant(1, 1, 800.0), Eigen::VectorXd::Ones(1), 1.0,
                                       nn::PolyPt::Activated),
                1.0 - nn::sigmoid(1.0), 1e-15);
    EXPECT_EQ(nn::sigmoid_poly1_term(Eigen::MatrixXd::Constant(1, 1, 800.0), Eigen::VectorXd::Zero(1), 3.0, nn::PolyPt::Logits),
              3.0);
}

// Multi-class: ε(1 − softmax(z)_y), and with softmax applied twice.
TEST(NnPoly1, SoftmaxTermValues) {
    const Eigen::MatrixXd z = test::random_matrix(6, 4, 82, 2.0);
    const Eigen::MatrixXd p = nn::softmax(z), pp = nn::softmax(p);
    double clean = 0.0, activated = 0.0;
    for (Eigen::Index i = 0; i < 6; ++i) {
        const auto y = static_cast<Eigen::Index>(kLabels(i));
        clean += 5.0 * (1.0 - p(i, y));
        activated += 5.0 * (1.0 - pp(i, y));
    }
    EXPECT_NEAR(nn::softmax_poly1_term(z, kLabels, 5.0, nn::PolyPt::Logits), clean / 6.0, 1e-14);
    EXPECT_NEAR(nn::softmax_poly1_term(z, kLabels, 5.0, nn::PolyPt::Activated), activated / 6.0, 1e-14);
}

// Both terms' gradients, clean and twice activated, by central differences; finite far in the tails.
TEST(NnPoly1, Gradients) {
    const Eigen::MatrixXd z = test::random_matrix(6, 1, 91, 3.0);
    const Eigen::MatrixXd logits = test::random_matrix(6, 4, 92, 2.0);
    for (const nn::PolyPt pt : {nn::PolyPt::Logits, nn::PolyPt::Activated}) {
        SCOPED_TRACE(pt == nn::PolyPt::Logits ? "logits" : "activated");
        for (const double epsilon : {2.0, 5.0}) {
            Eigen::MatrixXd d;
            nn::sigmoid_poly1_term(z, kBinary, epsilon, pt, &d);
            test::check_matrix_gradient([&](const Eigen::MatrixXd& x) { return nn::sigmoid_poly1_term(x, kBinary, epsilon, pt); },
                                        z, d);
            nn::softmax_poly1_term(logits, kLabels, epsilon, pt, &d);
            test::check_matrix_gradient(
                [&](const Eigen::MatrixXd& x) { return nn::softmax_poly1_term(x, kLabels, epsilon, pt); }, logits, d);
            EXPECT_LE(d.rowwise().sum().cwiseAbs().maxCoeff(), 1e-16) << "softmax gradients sum to 0 per row";
        }
        Eigen::MatrixXd d;
        nn::sigmoid_poly1_term(Eigen::MatrixXd::Constant(1, 1, -800.0), Eigen::VectorXd::Ones(1), 2.0, pt, &d);
        EXPECT_TRUE(d.allFinite());
    }
}

// ε must be a finite number >= 0, labels must fit the logits.
TEST(NnPoly1, RejectsBadEpsilonAndLabels) {
    const Eigen::MatrixXd z = test::random_matrix(6, 1, 93);
    EXPECT_THROW(nn::sigmoid_poly1_term(z, kBinary, -1.0, nn::PolyPt::Logits), Error);
    EXPECT_THROW(nn::sigmoid_poly1_term(z, kBinary, std::nan(""), nn::PolyPt::Logits), Error);
    EXPECT_THROW(nn::sigmoid_poly1_term(z, kLabels, 2.0, nn::PolyPt::Logits), Error);
    EXPECT_THROW(nn::softmax_poly1_term(test::random_matrix(6, 3, 94), kLabels, 2.0, nn::PolyPt::Activated), Error);
}

}  // namespace
}  // namespace treelab
