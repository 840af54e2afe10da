#include <cmath>
#include <functional>
#include <limits>

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// validate() on `tree` after `change` throws treelab::Error whose message contains `expected`.
void expect_invalid(TreeModel tree, const std::function<void(TreeModel&)>& change, const std::string& expected) {
    change(tree);
    try {
        tree.validate();
        ADD_FAILURE() << "expected treelab::Error containing: " << expected;
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
}

void expect_invalid_axis(const std::function<void(TreeModel&)>& change, const std::string& expected) {
    expect_invalid(test::axis_tree(), change, expected);
}

// The hand-made test trees are valid.
TEST(TreeValidation, TestTreesAreValid) {
    EXPECT_NO_THROW(test::axis_tree().validate());
    EXPECT_NO_THROW(test::oblique_tree().validate());
}

// A tree without nodes has no root.
TEST(TreeValidation, MissingRoot) {
    expect_invalid_axis([](TreeModel& t) { t.nodes.clear(); }, "the tree has no nodes (the root is missing)");
}

// A child index past the end of the node list is named with the node count.
TEST(TreeValidation, ChildIndexOutOfRange) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[3].left = 20; t.nodes[3].right = 21; },
                        "node 3 has child index 20, but the tree has 9 nodes");
}

// A negative child index other than -1 is refused.
TEST(TreeValidation, NegativeChildIndex) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[1].left = -2; }, "node 1 has child index -2");
}

// A node with one child is refused.
TEST(TreeValidation, OnlyOneChild) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[1].right = -1; }, "node 1 has only one child");
}

// A child pointing back to an ancestor (a cycle) is found.
TEST(TreeValidation, CycleToAncestor) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[7].left = 0; t.nodes[7].right = 1; t.nodes[7].feature = 0; t.nodes[7].threshold = 0.0; },
                        "node 0 is reached twice, the second time as a child of node 7");
}

// Two parents sharing a child is found.
TEST(TreeValidation, SharedChild) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[3].left = 5; t.nodes[3].right = 6; }, "is reached twice");
}

// A node no parent points to is found.
TEST(TreeValidation, UnreachableNode) {
    expect_invalid_axis([](TreeModel& t) { t.nodes.push_back(t.nodes[3]); }, "node 9 cannot be reached from the root");
}

// A child whose parent field names another node is refused.
TEST(TreeValidation, ParentMismatch) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[3].parent = 2; }, "node 3 is a child of node 1 but records parent 2");
}

// A root with a parent is refused.
TEST(TreeValidation, RootWithParent) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[0].parent = 3; }, "the root (node 0) has parent 3 instead of -1");
}

// A depth that is not the parent's plus one is refused.
TEST(TreeValidation, DepthMismatch) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[7].depth = 5; }, "node 7 has depth 5 but its parent node 4 has depth 2");
}

// Splits need a finite threshold: NaN and infinity are refused.
TEST(TreeValidation, NonFiniteThreshold) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[1].threshold = kNaN; }, "node 1 splits with threshold nan");
    expect_invalid_axis([](TreeModel& t) { t.nodes[1].threshold = -kInf; }, "node 1 splits with threshold -inf");
}

// An axis-aligned split must use one of the model's features.
TEST(TreeValidation, FeatureOutOfRange) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[1].feature = 2; }, "node 1 splits on feature 2 but the model has 2 features");
    expect_invalid_axis([](TreeModel& t) { t.nodes[1].feature = -1; }, "node 1 splits on feature -1");
}

// Oblique weights need one finite entry per feature.
TEST(TreeValidation, ObliqueWeights) {
    expect_invalid(test::oblique_tree(), [](TreeModel& t) { t.nodes[1].weights = Eigen::Vector3d(1, 2, 3); },
                   "node 1 has 3 oblique weights but the model has 2 features");
    expect_invalid(test::oblique_tree(), [](TreeModel& t) { t.nodes[1].weights(0) = kNaN; }, "node 1 has a non-finite oblique weight");
}

// Distributions hold C probabilities for classification and one value for regression, all finite.
TEST(TreeValidation, DistributionSize) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[3].distribution = Eigen::Vector2d(0.5, 0.5); },
                        "node 3 has a distribution of size 2; expected 3 (one probability per class)");
    expect_invalid(test::oblique_tree(), [](TreeModel& t) { t.nodes[3].distribution = Eigen::Vector2d(1, 2); },
                   "node 3 has a distribution of size 2; expected 1 (the regression value)");
    expect_invalid_axis([](TreeModel& t) { t.nodes[3].distribution(1) = kInf; }, "node 3 has a non-finite value in its distribution");
}

// Class counts are empty or one per class, never negative; sample counts are finite and not negative.
TEST(TreeValidation, Counts) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[2].class_counts = Eigen::Vector2d(1, 2); }, "node 2 has 2 class counts; expected 0 or 3");
    expect_invalid_axis([](TreeModel& t) { t.nodes[2].class_counts = Eigen::Vector3d(1, -2, 0); }, "node 2 has a negative or non-finite class count");
    expect_invalid_axis([](TreeModel& t) { t.nodes[2].samples = -1.0; }, "node 2 has sample count");
    expect_invalid_axis([](TreeModel& t) { t.nodes[2].impurity = kInf; }, "node 2 has an infinite impurity");
}

// The root cannot be pruned, and a pruned node's children must be pruned too.
TEST(TreeValidation, Pruning) {
    expect_invalid_axis([](TreeModel& t) { t.nodes[0].pruned = true; }, "the root (node 0) is pruned");
    expect_invalid_axis([](TreeModel& t) { t.nodes[4].pruned = true; }, "node 4 is pruned but its child node 7 is not");
}

// A classification tree needs class names to size its distributions.
TEST(TreeValidation, ClassificationWithoutClasses) {
    expect_invalid_axis([](TreeModel& t) { t.class_names.clear(); }, "a classification tree needs at least one class");
}

}  // namespace
}  // namespace treelab
