#include <gtest/gtest.h>

#include "core/learners/dgt/dgt_export.h"
#include "core/learners/dgt/dgt_network.h"
#include "core/nn/argmax.h"
#include "tests/core/learners/dgt/dgt_test_util.h"

namespace treelab {
namespace {

// The network's hard predictions: the reached leaf's class (argmax of its logits) or its value in
// the target's units.
Eigen::VectorXd network_predictions(const dgt::Spec& spec, const MinMaxScale& scale, const Eigen::VectorXd& p, const Eigen::MatrixXd& X) {
    const dgt::HardPass pass = test::dgt_hard_forward(spec, p, X);
    if (spec.classification) return nn::row_argmax(pass.outputs).cast<double>();
    return scale.invert(pass.outputs.col(0));
}

// microsoft/DGT src/xmodelrunner.py logs acc and dt_acc side by side: the extracted oblique tree (the code's dt) predicts exactly what
// the network predicts, and both trees (dt, cdt) route every row to the network's leaf; on many random
// rows, for several shapes, classification and regression.
void expect_tree_equals_network(const dgt::Spec& spec, std::uint32_t seed) {
    const Dataset train = test::dgt_dataset(300, spec.inputs, spec.classification ? static_cast<int>(spec.outputs) : 0, seed);
    const MinMaxScale scale = spec.classification ? MinMaxScale{} : MinMaxScale::fit(train.y);
    const Eigen::VectorXd p = test::dgt_random_parameters(spec, seed + 1);
    const Eigen::MatrixXd X = test::random_matrix(5000, spec.inputs, seed + 2, 3.0);
    const TreeModel dt = dgt::export_tree(spec, scale, p, dgt::LeafSource::Network, train);
    const TreeModel cdt = dgt::export_tree(spec, scale, p, dgt::LeafSource::Refit, train);
    EXPECT_EQ(dt.predict(X), network_predictions(spec, scale, p, X));
    const Eigen::VectorXi nodes = (test::dgt_hard_forward(spec, p, X).leaves.array() + static_cast<int>(spec.internal())).matrix();
    EXPECT_EQ(dt.route(X), nodes);
    EXPECT_EQ(cdt.route(X), nodes);
    EXPECT_EQ(dt.stats().leaves, spec.leaves());
}

TEST(DgtExport, ClassificationTreePredictsAsTheNetwork) {
    expect_tree_equals_network(test::dgt_spec(4, 5, {9, 8}, 3), 1);
    expect_tree_equals_network(test::dgt_spec(3, 2, {}, 2), 2);  // two classes: two logits, as the code
}

TEST(DgtExport, RegressionTreePredictsAsTheNetwork) {
    expect_tree_equals_network(test::dgt_spec(5, 4, {12, 10, 9}, 0), 3);
    expect_tree_equals_network(test::dgt_spec(1, 3, {}, 0), 4);
}

// The code's "left iff w·x + b ≥ 0" maps onto TreeModel's "left iff w·x ≤ threshold": weights −w,
// threshold b; a row on the boundary (w·x + b = 0) goes left, as the code's z ≥ 0.
TEST(DgtExport, SignConventionBothWays) {
    const dgt::Spec spec = test::dgt_spec(1, 2, {}, 2);
    Eigen::VectorXd p = Eigen::VectorXd::Zero(spec.parameters());
    p(0) = 1.0;   // w = (1, 0)
    p(2) = -0.5;  // b: z = x₀ − 0.5
    p(3) = 2.0;   // Θ: leaf 0 (left) favours class 0, leaf 1 (right) class 1
    p(6) = 2.0;
    Dataset train = test::dgt_dataset(4, 2, 2, 5);
    const TreeModel tree = dgt::export_tree(spec, {}, p, dgt::LeafSource::Network, train);
    ASSERT_EQ(tree.nodes[0].weights, Eigen::Vector2d(-1.0, 0.0));
    EXPECT_EQ(tree.nodes[0].threshold, -0.5);
    Eigen::MatrixXd X(3, 2);
    X << 0.7, 0.0, 0.3, 0.0, 0.5, 9.0;
    EXPECT_EQ(tree.route(X), Eigen::Vector3i(1, 2, 1));
    EXPECT_EQ(tree.predict(X), Eigen::Vector3d(0, 1, 0));
    EXPECT_EQ(test::dgt_hard_forward(spec, p, X).leaves, Eigen::Vector3i(0, 1, 0));
}

// auto keeps the leaves that score better on the validation rows, and the network's on a tie.
TEST(DgtExport, AutoKeepsTheBetterLeaves) {
    const dgt::Spec spec = test::dgt_spec(3, 4, {6}, 3);
    const Dataset train = test::dgt_dataset(200, 4, 3, 6), valid = test::dgt_dataset(80, 4, 3, 7);
    const Eigen::VectorXd p = test::dgt_random_parameters(spec, 8);
    const TreeModel dt = dgt::export_tree(spec, {}, p, dgt::LeafSource::Network, train);
    const TreeModel cdt = dgt::export_tree(spec, {}, p, dgt::LeafSource::Refit, train);
    const auto hits = [&](const TreeModel& tree) { return (tree.predict(valid.X).array() == valid.y.array()).count(); };
    ASSERT_NE(hits(dt), hits(cdt)) << "pick data where the two differ";
    const TreeModel chosen = dgt::export_tree(spec, {}, p, dgt::LeafChoice::Auto, train, &valid);
    EXPECT_EQ(hits(chosen), std::max(hits(dt), hits(cdt)));
    EXPECT_EQ(chosen.predict_proba(valid.X), (hits(dt) >= hits(cdt) ? dt : cdt).predict_proba(valid.X));
    const TreeModel tie = dgt::export_tree(spec, {}, p, dgt::LeafChoice::Auto, train, &train);
    const auto train_hits = [&](const TreeModel& tree) { return (tree.predict(train.X).array() == train.y.array()).count(); };
    EXPECT_EQ(tie.predict_proba(train.X), (train_hits(cdt) > train_hits(dt) ? cdt : dt).predict_proba(train.X));
}

}  // namespace
}  // namespace treelab
