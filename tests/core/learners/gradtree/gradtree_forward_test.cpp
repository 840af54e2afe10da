#include <gtest/gtest.h>

#include "core/error.h"
#include "core/learners/gradtree/gradtree_forward.h"
#include "tests/core/learners/gradtree/gradtree_test_util.h"

namespace treelab {
namespace {

// The plain tree walk equivalent to 001 eq. 1–7, written independently of the implementation:
// node i reads k = argmax I_i (first maximum) and goes left iff x_k < T_{i,k}.
int walk(const gradtree::Spec& spec, const gradtree::ParameterView& v, const Eigen::RowVectorXd& x) {
    Eigen::Index node = 0;
    while (node < spec.internal()) {
        Eigen::Index k = 0;
        for (Eigen::Index c = 1; c < spec.inputs; ++c)
            if (v.I(node, c) > v.I(node, k)) k = c;
        node = x(k) < v.T(node, k) ? 2 * node + 1 : 2 * node + 2;
    }
    return static_cast<int>(node - spec.internal());
}

// Forward equivalence (001 §3.4: the dense form is a vanilla tree at every point): for random parameters, z of every row is Λ at the leaf
// of the plain walk with "x < t → left", and the hard decisions are 0/1 with exactly that leaf.
TEST(GradTreeForward, EqualsThePlainWalk) {
    gradtree::Spec spec;
    spec.depth = 4;
    spec.inputs = 5;
    spec.outputs = 3;
    const Eigen::VectorXd p = test::random_parameters(spec, 3);
    const Eigen::MatrixXd X = test::random_matrix(200, spec.inputs, 4, 1.5);
    const gradtree::Forward f = gradtree::forward(spec, p, X);
    const gradtree::ParameterView v = gradtree::view(spec, p);
    ASSERT_EQ(f.outputs.rows(), 200);
    Eigen::VectorXi counts = Eigen::VectorXi::Zero(spec.leaves());
    for (Eigen::Index b = 0; b < X.rows(); ++b) {
        const int leaf = walk(spec, v, X.row(b));
        EXPECT_EQ(f.leaf(b), leaf) << "row " << b;
        EXPECT_EQ(f.outputs.row(b), v.leaf.row(leaf)) << "row " << b;
        ++counts(leaf);
    }
    EXPECT_GT((counts.array() > 0).count(), 4);  // the rows spread over the leaves: not a vacuous check
}

// A row exactly at a threshold goes right (tf.round(0.5) = 0, 001 eq. 7); one ulp
// below goes left, where σ(t − x) rounds to 0.5 but the decision must still be x < t.
TEST(GradTreeForward, TiesGoRightAndTheNextValueBelowLeft) {
    gradtree::Spec spec;
    spec.depth = 1;
    spec.inputs = 2;
    Eigen::VectorXd p(spec.parameters());
    p << 0.0, 1.0, 0.0, 0.25, -1.0, 2.0;  // I = [0, 1] → feature 1; T = [0, 0.25]; Λ = (−1, 2)
    Eigen::MatrixXd X(3, 2);
    X << 9.0, 0.25, 9.0, std::nextafter(0.25, 0.0), -9.0, 0.5;
    const gradtree::Forward f = gradtree::forward(spec, p, X);
    EXPECT_EQ(f.feature(0), 1);
    EXPECT_EQ(f.leaf, Eigen::Vector3i(1, 0, 1));
    EXPECT_DOUBLE_EQ(f.soft(0, 0), 0.5);
}

// Rows with the wrong number of features are an error with a message, not a wrong gather.
TEST(GradTreeForward, RejectsWrongWidth) {
    gradtree::Spec spec;
    spec.depth = 2;
    spec.inputs = 3;
    EXPECT_THROW(gradtree::forward(spec, test::random_parameters(spec, 1), Eigen::MatrixXd::Zero(4, 2)), Error);
}

}  // namespace
}  // namespace treelab
