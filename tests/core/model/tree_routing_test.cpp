#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

using test::axis_tree;
using test::oblique_tree;

Eigen::MatrixXd threshold_rows() {
    Eigen::MatrixXd X(5, 2);
    X << 0.5, 1.0,   // on both thresholds: left, left -> 3
        0.0, 1.5,    // -> 1 -> 4, then right into pruned 8: stops at 4
        -2.0, 3.0,   // -> 1 -> 4 -> 7
        0.6, 0.0,    // -> 2, whose children are both pruned
        -1.0, 1.5;   // -> 1 -> 4, x0 on node 4's threshold: left -> 7
    return X;
}

Eigen::MatrixXd oblique_rows() {
    Eigen::MatrixXd X(4, 2);
    X << 0.5, 0.5,  // x0 + x1 = 1 on node 0's threshold: left; 2 x0 - x1 = 0.5: right -> 4
        0.25, 0.5,  // 0.75: left; 2 x0 - x1 = 0 on node 1's threshold: left -> 3
        2.0, 0.0,   // right -> 2; x1 = 0 on node 2's threshold: left into pruned 5, stops at 2
        2.0, 1.0;   // right -> 2 -> 6
    return X;
}

Eigen::MatrixXd dense_paths(const std::vector<std::vector<int>>& paths, int nodes) {
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(nodes, static_cast<Eigen::Index>(paths.size()));
    for (std::size_t row = 0; row < paths.size(); ++row)
        for (const int node : paths[row]) expected(node, static_cast<Eigen::Index>(row)) = 1.0;
    return expected;
}

// Axis-aligned rows stop at leaves, at a node whose children are all pruned, and at a node whose chosen child is pruned; ties with the threshold go left.
TEST(TreeRouting, AxisAlignedStopsWhereThePruningRuleSays) {
    Eigen::VectorXi expected(5);
    expected << 3, 4, 7, 2, 7;
    EXPECT_EQ(axis_tree().route(threshold_rows()), expected);
}

// Oblique splits compare weights · x with the threshold, rows exactly on it go left, and a pruned left child stops the row.
TEST(TreeRouting, ObliqueSplitsUseTheWeightedSum) {
    Eigen::VectorXi expected(4);
    expected << 4, 3, 2, 6;
    EXPECT_EQ(oblique_tree().route(oblique_rows()), expected);
}

// With float32 axis precision an input is rounded to float32 before `<= threshold`, as sklearn's
// trees predict: just above a float32 threshold goes left (double: right), and exactly on the
// midpoint of two adjacent float32 values goes where its rounding (ties to even) lies: right when
// that is the upper one (double: left).
TEST(TreeRouting, Float32AxisPrecisionRoundsInputsLikeSklearn) {
    TreeModel tree = axis_tree();
    const double t0 = static_cast<double>(0.1f);  // float32(0.1) as a double threshold
    tree.nodes[0].threshold = t0;
    const double ulp = std::ldexp(1.0, -23);  // float32 spacing in [1, 2)
    const double t2 = 1.0 + 1.5 * ulp;        // midpoint of 1 + ulp (odd) and 1 + 2 ulp (even)
    tree.nodes[2].threshold = t2;
    tree.nodes[5].pruned = tree.nodes[6].pruned = false;
    Eigen::MatrixXd X(2, 2);
    X << std::nextafter(t0, 1.0), 0.0,  // double: right -> 2 -> 5 (x1 = 0 <= t2); float32: t0, left -> 1 -> 3
        0.7, t2;                         // -> 2; double: on t2, left -> 5; float32: 1 + 2 ulp > t2, right -> 6
    EXPECT_EQ(tree.route(X), Eigen::Vector2i(5, 5));
    tree.axis_precision = AxisPrecision::Float32;
    EXPECT_EQ(tree.route(X), Eigen::Vector2i(3, 6));
}

// Float32 axis precision leaves oblique splits in double: a weighted sum just above the threshold goes right.
TEST(TreeRouting, Float32AxisPrecisionKeepsObliqueSplitsInDouble) {
    TreeModel tree = oblique_tree();
    tree.axis_precision = AxisPrecision::Float32;
    tree.nodes[0].threshold = static_cast<double>(0.1f);
    Eigen::MatrixXd X(1, 2);
    X << std::nextafter(static_cast<double>(0.1f), 1.0), 0.0;  // x0 + x1 just above: right -> 2; x1 = 0 <= 0: pruned 5, stops at 2
    EXPECT_EQ(tree.route(X)(0), 2);
}

// Rounding to float32 follows IEEE round-to-nearest-even and overflows to infinity beyond float32's range.
TEST(TreeRouting, RoundToFloat32) {
    EXPECT_EQ(round_to_float32(0.1), static_cast<double>(0.1f));
    EXPECT_EQ(round_to_float32(1e39), std::numeric_limits<double>::infinity());
    EXPECT_EQ(round_to_float32(-1e39), -std::numeric_limits<double>::infinity());
    const double max = std::numeric_limits<float>::max();
    EXPECT_EQ(round_to_float32(max), max);
    EXPECT_EQ(round_to_float32(std::nextafter(0x1.ffffffp127, 0.0)), max);  // just under the halfway point
    EXPECT_EQ(round_to_float32(0x1.ffffffp127), std::numeric_limits<double>::infinity());  // halfway: to even
    EXPECT_TRUE(std::isnan(round_to_float32(std::numeric_limits<double>::quiet_NaN())));
}

// The routing matrix has a 1 for every node on each row's path from the root to its stopping node, and nothing else.
TEST(TreeRouting, RoutingMatrixMarksEveryNodeOnThePath) {
    const Eigen::MatrixXd axis = axis_tree().routing_matrix(threshold_rows());
    EXPECT_EQ(axis, dense_paths({{0, 1, 3}, {0, 1, 4}, {0, 1, 4, 7}, {0, 2}, {0, 1, 4, 7}}, 9));
    const Eigen::MatrixXd oblique = oblique_tree().routing_matrix(oblique_rows());
    EXPECT_EQ(oblique, dense_paths({{0, 1, 4}, {0, 1, 3}, {0, 2}, {0, 2, 6}}, 7));
}

// predict_proba returns the stopping node's distribution and predict its argmax, the lowest class winning a tie.
TEST(TreeRouting, ClassificationPredictionsComeFromTheStoppingNode) {
    const TreeModel tree = axis_tree();
    const Eigen::MatrixXd proba = tree.predict_proba(threshold_rows());
    Eigen::MatrixXd expected(5, 3);
    expected << 0.9, 0.05, 0.05, 0.1, 0.45, 0.45, 0.3, 0.7, 0.0, 0.2, 0.2, 0.6, 0.3, 0.7, 0.0;
    EXPECT_EQ(proba, expected);
    Eigen::VectorXd classes(5);
    classes << 0, 1, 1, 2, 1;  // row 1 stops at node 4, tied between b and c: b
    EXPECT_EQ(tree.predict(threshold_rows()), classes);
}

// A regression tree predicts the stopping node's value and refuses to give class probabilities.
TEST(TreeRouting, RegressionPredictsTheNodeValue) {
    const TreeModel tree = oblique_tree();
    Eigen::VectorXd expected(4);
    expected << 30.0, 20.0, 10.0, 40.0;
    EXPECT_EQ(tree.predict(oblique_rows()), expected);
    EXPECT_THROW(tree.predict_proba(oblique_rows()), Error);
}

// Batch routing gives every row the same stopping node as routing that row alone.
TEST(TreeRouting, BatchAgreesWithRowByRow) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> uniform(-3.0, 3.0);
    Eigen::MatrixXd X(200, 2);
    for (Eigen::Index i = 0; i < X.size(); ++i) X(i) = uniform(random);
    for (const TreeModel& tree : {axis_tree(), oblique_tree()}) {
        const Eigen::VectorXi batch = tree.route(X);
        for (Eigen::Index i = 0; i < X.rows(); ++i) EXPECT_EQ(batch(i), tree.route(X.row(i))(0)) << "row " << i;
    }
}

// Zero rows route to nothing, and the routing matrix keeps one row per node.
TEST(TreeRouting, EmptyInputGivesEmptyResults) {
    const Eigen::MatrixXd X(0, 2);
    EXPECT_EQ(axis_tree().route(X).size(), 0);
    const Eigen::SparseMatrix<double, Eigen::RowMajor> routing = axis_tree().routing_matrix(X);
    EXPECT_EQ(routing.rows(), 9);
    EXPECT_EQ(routing.cols(), 0);
    EXPECT_EQ(axis_tree().predict_proba(X).rows(), 0);
}

// Data with a different number of columns than the model's features is refused with a message.
TEST(TreeRouting, WrongColumnCountThrows) {
    try {
        axis_tree().route(Eigen::MatrixXd::Zero(2, 3));
        FAIL() << "expected treelab::Error";
    } catch (const Error& error) {
        EXPECT_STREQ(error.what(), "the data has 3 feature columns but the model expects 2");
    }
}

// set_routing_counts counts the rows (per class) through every node; pruned and unreached nodes become empty.
TEST(TreeRouting, SetRoutingCountsCountsRowsAlongThePaths) {
    TreeModel tree = axis_tree();
    Eigen::VectorXd y(5);
    y << 0, 1, 1, 2, 0;
    tree.set_routing_counts(threshold_rows(), y);
    const std::vector<std::vector<double>> counts = {{2, 2, 1}, {2, 2, 0}, {0, 0, 1}, {1, 0, 0}, {1, 2, 0},
                                                     {0, 0, 0}, {0, 0, 0}, {1, 1, 0}, {0, 0, 0}};
    for (std::size_t id = 0; id < counts.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        const Eigen::Vector3d expected(counts[id][0], counts[id][1], counts[id][2]);
        EXPECT_EQ(node.class_counts, expected) << "node " << id;
        EXPECT_EQ(node.samples, expected.sum()) << "node " << id;
        EXPECT_EQ(node.empty, expected.sum() == 0.0) << "node " << id;
    }
    Eigen::VectorXd bad = y;
    bad(2) = 3.0;
    EXPECT_THROW(tree.set_routing_counts(threshold_rows(), bad), Error);
}

// For regression set_routing_counts sets the sample counts and leaves no class counts.
TEST(TreeRouting, SetRoutingCountsForRegression) {
    TreeModel tree = oblique_tree();
    tree.set_routing_counts(oblique_rows(), Eigen::VectorXd::Zero(4));
    const std::vector<double> samples = {4, 2, 2, 1, 1, 0, 1};
    for (std::size_t id = 0; id < samples.size(); ++id) {
        EXPECT_EQ(tree.nodes[id].samples, samples[id]) << "node " << id;
        EXPECT_EQ(tree.nodes[id].class_counts.size(), 0);
    }
    EXPECT_TRUE(tree.nodes[5].empty);
}

}  // namespace
}  // namespace treelab
