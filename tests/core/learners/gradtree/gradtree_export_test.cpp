#include <gtest/gtest.h>

#include "core/learners/gradtree/gradtree_export.h"
#include "core/learners/gradtree/gradtree_forward.h"
#include "core/nn/entmax.h"
#include "tests/core/learners/gradtree/gradtree_test_util.h"

namespace treelab {
namespace {

Dataset dataset_of(const Eigen::MatrixXd& X, int classes) {
    Dataset data;
    data.X = X;
    data.y = Eigen::VectorXd::Zero(X.rows());
    for (Eigen::Index b = 0; b < X.rows() && classes > 0; ++b) data.y(b) = static_cast<double>(b % classes);
    for (Eigen::Index k = 0; k < X.cols(); ++k) data.feature_names.push_back("x" + std::to_string(k));
    for (int c = 0; c < classes; ++c) data.class_names.push_back("c" + std::to_string(c));
    return data;
}

// Random rows plus, for every internal node, rows exactly at its threshold and one ulp either side
// of it on its feature (the other features random), so that ties are tested at every depth.
Eigen::MatrixXd rows_with_ties(const gradtree::Spec& spec, const Eigen::VectorXd& p) {
    const gradtree::Forward f = gradtree::forward(spec, p, Eigen::MatrixXd::Zero(1, spec.inputs));
    const gradtree::ParameterView v = gradtree::view(spec, p);
    const Eigen::Index random_rows = 300, per_node = 3 * 8;
    Eigen::MatrixXd X = test::random_matrix(random_rows + per_node * spec.internal(), spec.inputs, 77, 1.5);
    for (Eigen::Index i = 0; i < spec.internal(); ++i) {
        const double t = v.T(i, f.feature(i));
        for (Eigen::Index r = 0; r < per_node; ++r) {
            const double x = r % 3 == 0 ? t : std::nextafter(t, r % 3 == 1 ? -1e300 : 1e300);
            X(random_rows + i * per_node + r, f.feature(i)) = x;
        }
    }
    return X;
}

// The exported TreeModel (left iff x <= nextafter(t, −∞)) routes every row to the leaf of the
// hard forward pass (left iff x < t), ties x = t included (001 eq. 7: a tie goes right),
// and predicts from that leaf's logits.
TEST(GradTreeExport, RoutesEveryRowLikeTheForwardPass) {
    for (const Eigen::Index outputs : {Eigen::Index{1}, Eigen::Index{3}}) {
        gradtree::Spec spec;
        spec.depth = 4;
        spec.inputs = 3;
        spec.outputs = outputs;
        const Eigen::VectorXd p = test::random_parameters(spec, 90 + static_cast<std::uint32_t>(outputs));
        const Eigen::MatrixXd X = rows_with_ties(spec, p);
        const Dataset train = dataset_of(X, outputs == 1 ? 2 : 3);
        const TreeModel model = gradtree::export_tree(spec, p, train);
        const gradtree::Forward f = gradtree::forward(spec, p, X);
        const Eigen::VectorXi nodes = model.route(X);
        for (Eigen::Index b = 0; b < X.rows(); ++b)
            EXPECT_EQ(nodes(b), spec.internal() + f.leaf(b)) << "row " << b << " outputs " << outputs;
        // The exact ties did reach their nodes (s holds the path nodes' splits).
        EXPECT_GT((f.soft.array() == 0.5).count(), spec.internal());
        const Eigen::MatrixXd proba = model.predict_proba(X);
        for (Eigen::Index b = 0; b < X.rows(); b += 17) {
            const Eigen::RowVectorXd z = f.outputs.row(b);
            if (outputs == 1) {
                EXPECT_NEAR(proba(b, 1), 1.0 / (1.0 + std::exp(-z(0))), 1e-12);
            } else {
                const Eigen::RowVectorXd e = (z.array() - z.maxCoeff()).exp();
                EXPECT_TRUE(proba.row(b).isApprox(e / e.sum(), 1e-12));
            }
        }
    }
}

// Two logits one ulp apart get the same entmax probability, and the forward pass takes the first
// of them (argmax of E, as tf.argmax); the export reads the same feature, not argmax I.
TEST(GradTreeExport, ReadsTheForwardPassFeatureWhenEntmaxTies) {
    gradtree::Spec spec;
    spec.depth = 1;
    spec.inputs = 2;
    Eigen::VectorXd p(spec.parameters());
    p << 1e-3, std::nextafter(1e-3, 1.0), 10.0, -10.0, -1.0, 1.0;  // I = [10⁻³, 10⁻³ + ulp]; T = [10, −10]; Λ = (−1, 1)
    const gradtree::Forward f = gradtree::forward(spec, p, Eigen::MatrixXd::Zero(1, 2));
    const Eigen::MatrixXd E = nn::entmax15(gradtree::view(spec, p).I);
    ASSERT_EQ(E(0, 0), E(0, 1));
    EXPECT_EQ(f.feature(0), 0);
    EXPECT_EQ(f.leaf(0), 0);  // 0 < T[0] = 10: left
    const TreeModel model = gradtree::export_tree(spec, p, dataset_of(Eigen::MatrixXd::Zero(4, 2), 2));
    EXPECT_EQ(model.route(Eigen::MatrixXd::Zero(1, 2))(0), 1);
}

// Regression (Loss::SquaredError): the leaves are exported as values, and the model predicts the
// forward pass' z of every row.
TEST(GradTreeExport, RegressionPredictsTheLeafValues) {
    gradtree::Spec spec;
    spec.depth = 3;
    spec.inputs = 2;
    spec.loss = gradtree::Loss::SquaredError;
    const Eigen::VectorXd p = test::random_parameters(spec, 5);
    const Eigen::MatrixXd X = rows_with_ties(spec, p);
    Dataset train = dataset_of(X, 0);
    train.task = Task::Regression;
    train.y = test::random_matrix(X.rows(), 1, 6);
    const TreeModel model = gradtree::export_tree(spec, p, train);
    const gradtree::Forward f = gradtree::forward(spec, p, X);
    EXPECT_EQ(model.predict(X), f.outputs.col(0));
}

}  // namespace
}  // namespace treelab
