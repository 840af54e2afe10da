#include <gtest/gtest.h>

#include "core/error.h"
#include "core/export/path_rule.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

const std::vector<std::string> kNames = {"Mg", "Al"};

// The root has no condition; one step down gives the parent's split on the chosen side.
TEST(PathRule, RootAndFirstLevel) {
    const TreeModel tree = test::axis_tree();
    EXPECT_EQ(path_rule(tree, 0, kNames), "all rows");
    EXPECT_TRUE(path_conditions(tree, 0, kNames).empty());
    EXPECT_EQ(path_rule(tree, 1, kNames), "Mg ≤ 0.5");
    EXPECT_EQ(path_rule(tree, 2, kNames), "Mg > 0.5");
}

// Repeated splits on one feature merge into its tightest bounds, kept at its first appearance.
TEST(PathRule, MergesBoundsOfOneFeature) {
    const TreeModel tree = test::axis_tree();
    EXPECT_EQ(path_rule(tree, 7, kNames), "Mg ≤ -1 and Al > 1");
    EXPECT_EQ(path_rule(tree, 8, kNames), "-1 < Mg ≤ 0.5 and Al > 1");
}

// Oblique splits show their largest signed weights, "+ …" for the ones left out, and no zero weight.
TEST(PathRule, ObliqueSplitsShowLargestTerms) {
    const TreeModel tree = test::oblique_tree();
    EXPECT_EQ(path_rule(tree, 4, kNames), "1·Mg + 1·Al ≤ 1 and 2·Mg − 1·Al > 0");
    EXPECT_EQ(path_rule(tree, 6, kNames), "1·Mg + 1·Al > 1 and 1·Al > 0");
    PathRuleOptions one_term;
    one_term.oblique_terms = 1;
    EXPECT_EQ(path_conditions(tree, 3, kNames, one_term).back(), "2·Mg + … ≤ 0");
}

// Feature names missing from the list fall back to x<k>; a node outside the tree is an error.
TEST(PathRule, FallbackNamesAndBadNode) {
    const TreeModel tree = test::axis_tree();
    EXPECT_EQ(path_rule(tree, 3, {}), "x0 ≤ 0.5 and x1 ≤ 1");
    EXPECT_THROW(path_rule(tree, 9, kNames), Error);
}

}  // namespace
}  // namespace treelab
