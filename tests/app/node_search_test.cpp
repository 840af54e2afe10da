// Finding nodes by the text of their boxes (app/render/node_search), without widgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "app/render/node_search.h"
#include "tests/support/big_tree.h"

namespace treelab {
namespace {

const std::vector<std::string> kFeatures = {"RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba"};
const std::vector<std::string> kClasses = {"1", "2", "3"};

// A split's rule is its feature and threshold; a leaf's, its class.
TEST(NodeSearch, RuleIsWhatTheBoxShows) {
    const TreeModel tree = test::random_tree(40);
    const TreeNode& root = tree.nodes[0];
    char threshold[32];
    std::snprintf(threshold, sizeof threshold, "%.4g", root.threshold);
    EXPECT_EQ(node_rule(tree, 0, kFeatures, kClasses), "RI ≤ " + std::string(threshold));
    const auto leaf = static_cast<int>(std::find_if(tree.nodes.begin(), tree.nodes.end(), [](const TreeNode& n) { return !n.is_split(); }) -
                                       tree.nodes.begin());
    EXPECT_EQ(node_rule(tree, leaf, kFeatures, kClasses).rfind("class ", 0), 0u);
}

// A feature name finds exactly the splits on it, case-insensitive, shallowest first; "<=" reads
// as "≤"; "class 2" finds the leaves predicting class 2; nothing typed finds nothing.
TEST(NodeSearch, FindsByFeatureRuleAndClass) {
    const TreeModel tree = test::random_tree(400);
    const std::vector<int> mg = find_nodes(tree, kFeatures, kClasses, "mG");
    std::vector<int> expected;
    for (std::size_t t = 0; t < tree.nodes.size(); ++t)
        if (tree.nodes[t].is_split() && tree.nodes[t].feature == 2) expected.push_back(static_cast<int>(t));
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(std::vector<int>(mg.begin(), mg.end()).size(), expected.size());
    for (std::size_t i = 1; i < mg.size(); ++i)
        EXPECT_LE(tree.nodes[static_cast<std::size_t>(mg[i - 1])].depth, tree.nodes[static_cast<std::size_t>(mg[i])].depth);

    std::string rule = node_rule(tree, mg.back(), kFeatures, kClasses);
    rule.replace(rule.find("≤"), std::string("≤").size(), "<=");
    const std::vector<int> by_rule = find_nodes(tree, kFeatures, kClasses, rule);
    EXPECT_NE(std::find(by_rule.begin(), by_rule.end(), mg.back()), by_rule.end());
    for (const int node : by_rule) EXPECT_EQ(tree.nodes[static_cast<std::size_t>(node)].feature, 2);

    const std::vector<int> class2 = find_nodes(tree, kFeatures, kClasses, "class 2");
    ASSERT_FALSE(class2.empty());
    for (const int node : class2) {
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        EXPECT_FALSE(n.is_split());
        Eigen::Index best = 0;
        n.distribution.maxCoeff(&best);
        EXPECT_EQ(best, 1);
    }
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, "  ").empty());
}

}  // namespace
}  // namespace treelab
