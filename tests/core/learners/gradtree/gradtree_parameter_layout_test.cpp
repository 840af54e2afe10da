#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/gradtree/gradtree_parameter_layout.h"

namespace treelab {
namespace {

gradtree::Spec spec_of(int depth, Eigen::Index inputs, Eigen::Index outputs) {
    gradtree::Spec spec;
    spec.depth = depth;
    spec.inputs = inputs;
    spec.outputs = outputs;
    return spec;
}

// The layout is I, T (N × n each), then Λ (L × m), all column-major (gradtree_parameter_layout.h).
TEST(GradTreeParameterLayout, LayoutAndViews) {
    const gradtree::Spec spec = spec_of(2, 3, 4);
    ASSERT_EQ(spec.internal(), 3);
    ASSERT_EQ(spec.leaves(), 4);
    ASSERT_EQ(spec.parameters(), 3 * 3 * 2 + 4 * 4);
    Eigen::VectorXd p = Eigen::VectorXd::LinSpaced(spec.parameters(), 0, static_cast<double>(spec.parameters() - 1));
    const gradtree::ParameterView v = gradtree::view(spec, p);
    EXPECT_EQ(v.I(1, 0), 1.0);
    EXPECT_EQ(v.I(0, 1), 3.0);
    EXPECT_EQ(v.T(0, 0), 9.0);
    EXPECT_EQ(v.leaf(0, 0), 18.0);
    EXPECT_EQ(v.leaf(3, 3), 33.0);
    gradtree::GradientView d = gradtree::gradient_view(spec, p);
    d.T(2, 2) = -1.0;
    EXPECT_EQ(p(9 + 8), -1.0);
    Eigen::VectorXd wrong(5);
    EXPECT_THROW(gradtree::view(spec, wrong), Error);
}

// GDT.py's GlorotUniform initialisers: one seed for all arrays, so T = I at start, Glorot bounds √(6/(N + n)) for
// them and √(3/L) (one output) or √(6/(L + C)) for Λ; the same vector for the same seed.
TEST(GradTreeParameterLayout, GlorotInitialisationWithTEqualToI) {
    for (const Eigen::Index outputs : {Eigen::Index{1}, Eigen::Index{5}}) {
        const gradtree::Spec spec = spec_of(7, 4, outputs);
        const Eigen::VectorXd p = gradtree::initial_parameters(spec, 42);
        const gradtree::ParameterView v = gradtree::view(spec, p);
        EXPECT_EQ(v.T, v.I);
        EXPECT_NEAR(v.I.cwiseAbs().maxCoeff(), std::sqrt(6.0 / (127 + 4)), 0.01);  // 0.214 (Glorot bound at d = 7, n = 4)
        EXPECT_LT(v.I.cwiseAbs().maxCoeff(), std::sqrt(6.0 / (127 + 4)));
        const double leaf_bound = outputs == 1 ? std::sqrt(3.0 / 128) : std::sqrt(6.0 / (128 + 5));
        EXPECT_LT(v.leaf.cwiseAbs().maxCoeff(), leaf_bound);
        EXPECT_GT(v.leaf.cwiseAbs().maxCoeff(), 0.9 * leaf_bound);
        EXPECT_EQ(p, gradtree::initial_parameters(spec, 42));
        EXPECT_NE(p, gradtree::initial_parameters(spec, 43));
    }
}

// A spec that cannot make a tree, or holds a Poly-1 term it cannot apply, throws with a message.
TEST(GradTreeParameterLayout, RejectsImpossibleShapes) {
    EXPECT_THROW(gradtree::initial_parameters(spec_of(0, 3, 1), 1), Error);
    EXPECT_THROW(gradtree::initial_parameters(spec_of(2, 0, 1), 1), Error);
    EXPECT_THROW(gradtree::initial_parameters(spec_of(2, 3, 0), 1), Error);
    gradtree::Spec poly = spec_of(2, 3, 1);
    poly.poly_epsilon = -1.0;
    EXPECT_THROW(poly.validate(), Error);
    poly.poly_epsilon = 2.0;
    poly.loss = gradtree::Loss::SquaredError;
    EXPECT_THROW(poly.validate(), Error) << "Poly-1 needs a class probability";
}

}  // namespace
}  // namespace treelab
