// Finding nodes by the text of their boxes (app/render/node_search), without widgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <limits>

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
    const std::vector<int> mg = find_nodes(tree, kFeatures, kClasses, {"mG"});
    std::vector<int> expected;
    for (std::size_t t = 0; t < tree.nodes.size(); ++t)
        if (tree.nodes[t].is_split() && tree.nodes[t].feature == 2) expected.push_back(static_cast<int>(t));
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(std::vector<int>(mg.begin(), mg.end()).size(), expected.size());
    for (std::size_t i = 1; i < mg.size(); ++i)
        EXPECT_LE(tree.nodes[static_cast<std::size_t>(mg[i - 1])].depth, tree.nodes[static_cast<std::size_t>(mg[i])].depth);

    std::string rule = node_rule(tree, mg.back(), kFeatures, kClasses);
    rule.replace(rule.find("≤"), std::string("≤").size(), "<=");
    const std::vector<int> by_rule = find_nodes(tree, kFeatures, kClasses, {rule});
    EXPECT_NE(std::find(by_rule.begin(), by_rule.end(), mg.back()), by_rule.end());
    for (const int node : by_rule) EXPECT_EQ(tree.nodes[static_cast<std::size_t>(node)].feature, 2);

    const std::vector<int> class2 = find_nodes(tree, kFeatures, kClasses, {"class 2"});
    ASSERT_FALSE(class2.empty());
    for (const int node : class2) {
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        EXPECT_FALSE(n.is_split());
        Eigen::Index best = 0;
        n.distribution.maxCoeff(&best);
        EXPECT_EQ(best, 1);
    }
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"  "}).empty());
}

// A depth-2 tree: root "Ba ≤ 0.385"; its left child an oblique split whose largest weights are
// Mg and Al (then Si); its right child splits Ba again. Leaves 3 and 5 predict class 2, but only
// leaf 5 has rows; leaf 3 is an empty ghost, shallower in breadth-first order than none, found
// first today by position alone.
TreeModel small_tree() {
    TreeModel tree;
    tree.feature_names = kFeatures;
    tree.class_names = kClasses;
    tree.nodes.resize(7);
    for (int t = 1; t < 7; ++t) {
        tree.nodes[static_cast<std::size_t>(t)].parent = (t - 1) / 2;
        tree.nodes[static_cast<std::size_t>(t)].depth = t < 3 ? 1 : 2;
    }
    for (int t = 0; t < 3; ++t) {
        tree.nodes[static_cast<std::size_t>(t)].left = 2 * t + 1;
        tree.nodes[static_cast<std::size_t>(t)].right = 2 * t + 2;
    }
    tree.nodes[0].feature = 7;
    tree.nodes[0].threshold = 0.385;
    tree.nodes[1].weights = (Eigen::VectorXd(8) << 0.01, 0, -2.5, 1.5, 0.2, 0, 0, 0).finished();
    tree.nodes[1].threshold = 0.42;
    tree.nodes[2].feature = 7;
    tree.nodes[2].threshold = 1.62;
    const std::vector<int> classes = {0, 0, 0, 1, 0, 1, 2};
    for (std::size_t t = 0; t < 7; ++t) {
        tree.nodes[t].distribution = Eigen::VectorXd::Zero(3);
        tree.nodes[t].distribution(classes[t]) = 1.0;
        tree.nodes[t].samples = t == 3 ? 0.0 : 10.0;
        tree.nodes[t].empty = t == 3;
    }
    return tree;
}

// A feature among an oblique split's largest weights (as its box lists them) finds that split;
// one outside them does not.
TEST(NodeSearch, FindsFeaturesOfObliqueSplits) {
    const TreeModel tree = small_tree();
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Mg"}), (std::vector<int>{1}));
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"al"}), (std::vector<int>{1}));
    NodeQuery two_terms{"Si"};
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, two_terms), (std::vector<int>{1}));
    two_terms.oblique_terms = 2;
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, two_terms).empty());
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"RI"}).empty());  // weight 0.01: not among the 3 largest
}

// "class 2" lands first on the leaf rows reach, then on the empty ghost leaf; the caller's own
// notion of reached (the drawn rows) decides when given.
TEST(NodeSearch, LeavesRowsReachComeBeforeGhosts) {
    const TreeModel tree = small_tree();
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"class 2"}), (std::vector<int>{5, 3}));
    NodeQuery drawn{"class 2"};
    drawn.reached = [](int node) { return node != 5; };
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, drawn), (std::vector<int>{3, 5}));
}

// A rule typed in the data's units finds the split whose threshold reads as the typed number:
// "Ba <= 0.4" and "ba > 0.39" find "Ba ≤ 0.385"; "Ba <= 0.5" and "Mg <= 0.4" do not; "Ba ≤ 1.6"
// finds 1.62 by its leading digits.
TEST(NodeSearch, FindsRulesTypedInTheDataUnits) {
    const TreeModel tree = small_tree();
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Ba <= 0.4"}), (std::vector<int>{0}));
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"ba > 0.39"}), (std::vector<int>{0}));
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Ba>=0.385"}), (std::vector<int>{0}));
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"Ba <= 0.5"}).empty());
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"Mg <= 0.4"}).empty());
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Ba ≤ 1.6"}), (std::vector<int>{2}));
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Ba <= 2"}), (std::vector<int>{2}));
}

// A date column's splits show dates, and weekdays names (core/export/feature_value_text.h); a rule
// typed as shown finds them ("2020-03" finds every day of March, as "1.5" finds 1.518), the day
// count behind a date does not.
TEST(NodeSearch, FindsRulesTypedAsDates) {
    TreeModel tree = small_tree();
    tree.feature_units.assign(kFeatures.size(), ValueUnit::Number);
    tree.feature_units[7] = ValueUnit::Date;
    tree.feature_units[6] = ValueUnit::Weekday;
    tree.nodes[0].threshold = 18335.5;  // between 2020-03-14 and the 15th
    tree.nodes[2].feature = 6;
    tree.nodes[2].threshold = 2.5;      // between Wednesday and Thursday
    EXPECT_EQ(node_rule(tree, 0, kFeatures, kClasses), "Ba ≤ 2020-03-14");
    EXPECT_EQ(node_rule(tree, 2, kFeatures, kClasses), "Ca ≤ Wed");
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Ba ≤ 2020-03-14"}), (std::vector<int>{0}));
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"ba <= 2020-03"}), (std::vector<int>{0}));
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"Ba > 2020-03-14"}), (std::vector<int>{0}));
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"Ba <= 2020-03-15"}).empty());
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"Ba <= 18335.5"}).empty());
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"ca <= wed"}), (std::vector<int>{2}));
    EXPECT_TRUE(find_nodes(tree, kFeatures, kClasses, {"Ca ≤ 2.5"}).empty());
}

// Splits no value crosses and oblique weights on the quantile-normal scale say so in their box.
TEST(NodeSearch, RulesSayUncrossedSplitsAndTheWeightScale) {
    TreeModel tree = small_tree();
    tree.nodes[2].threshold = std::numeric_limits<double>::infinity();
    tree.weight_scale = "quantile-normal";
    EXPECT_EQ(node_rule(tree, 2, kFeatures, kClasses), "Ba: every row goes left");
    EXPECT_EQ(node_rule(tree, 1, kFeatures, kClasses), "≤ 0.42 (q-normal)");
    EXPECT_EQ(find_nodes(tree, kFeatures, kClasses, {"every row"}), (std::vector<int>{2}));
}

}  // namespace
}  // namespace treelab
