// Minimal cost-complexity pruning (cost_complexity.h) beyond the sklearn fixtures.
#include <gtest/gtest.h>

#include "core/learners/cart/cart.h"
#include "core/learners/cart/cost_complexity.h"
#include "tests/core/learners/cart/cart_fixture.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// Root (8 rows, i = 0.5) split into a pure leaf (4 rows) and node 2 (4 rows, impurity i2) split
// into two pure leaves: R(root) = 0.5, R(node 2) = i2 / 2, R(T) = 0.
TreeModel small_tree(double i2) {
    TreeModel tree;
    tree.class_names = {"a", "b"};
    tree.feature_names = {"x"};
    auto add = [&](int parent, int depth, double samples, double impurity) {
        TreeNode node;
        node.parent = parent;
        node.depth = depth;
        node.samples = samples;
        node.impurity = impurity;
        node.distribution = Eigen::Vector2d(0.5, 0.5);
        node.class_counts = node.distribution * samples;
        tree.nodes.push_back(node);
    };
    add(-1, 0, 8, 0.5);
    add(0, 1, 4, 0.0);
    add(0, 1, 4, i2);
    add(2, 2, 2, 0.0);
    add(2, 2, 2, 0.0);
    for (auto [split, left] : {std::pair{0, 1}, std::pair{2, 3}}) {
        tree.nodes[split].left = left;
        tree.nodes[split].right = left + 1;
        tree.nodes[split].feature = 0;
        tree.nodes[split].threshold = split;
    }
    return tree;
}

// g(t) = (R(t) - R(T_t)) / (|T̃_t| - 1) by hand: node 2 first (0.1875 / 1 < root's 0.5 / 2),
// then the root ((0.5 - 0.1875) / 1), each step recording the subtree's impurity and leaves.
TEST(CostComplexity, PathOfAHandMadeTreeFollowsBreimansFormula) {
    const PruningPath path = cost_complexity_path(small_tree(0.375));
    EXPECT_EQ(path.alphas, (std::vector<double>{0.0, 0.1875, 0.3125}));
    EXPECT_EQ(path.impurities, (std::vector<double>{0.0, 0.1875, 0.5}));
    EXPECT_EQ(path.leaves, (std::vector<int>{3, 2, 1}));
    EXPECT_EQ(path.collapsed, (std::vector<int>{-1, 2, 0}));
}

// When two nodes share the smallest g (here 0.25), sklearn collapses the first in index order:
// the root, ending the path in one step.
TEST(CostComplexity, TiesCollapseTheFirstNodeInIndexOrder) {
    const PruningPath path = cost_complexity_path(small_tree(0.5));
    EXPECT_EQ(path.alphas, (std::vector<double>{0.0, 0.25}));
    EXPECT_EQ(path.collapsed, (std::vector<int>{-1, 0}));
    EXPECT_EQ(path.leaves, (std::vector<int>{3, 1}));
}

// Pruning flags exactly the descendants of collapsed nodes; alpha = 0 changes nothing; a tie
// (alpha == g) prunes, as sklearn's `ccp_alpha < g` stopping rule implies.
TEST(CostComplexity, PruningFlagsDescendantsOfCollapsedNodes) {
    const TreeModel tree = small_tree(0.375);
    for (double alpha : {0.0, 0.1}) {
        const TreeModel unchanged = prune_cost_complexity(tree, alpha);
        for (const TreeNode& node : unchanged.nodes) EXPECT_FALSE(node.pruned);
    }
    const TreeModel node2 = prune_cost_complexity(tree, 0.2);
    EXPECT_EQ((std::vector<bool>{node2.nodes[0].pruned, node2.nodes[1].pruned, node2.nodes[2].pruned,
                                 node2.nodes[3].pruned, node2.nodes[4].pruned}),
              (std::vector<bool>{false, false, false, true, true}));
    EXPECT_EQ(node2.stats().leaves, 2);
    const TreeModel all = prune_cost_complexity(tree, 0.3125);
    EXPECT_EQ(all.nodes[0].pruned, false);
    for (int i = 1; i < 5; ++i) EXPECT_TRUE(all.nodes[i].pruned) << "node " << i;
    EXPECT_EQ(all.stats().leaves, 1);
}

// On a real tree, pruning at each path alpha keeps the subtree of the last path step with that
// alpha: same leaf count, and only descendants of the collapsed nodes are flagged.
TEST(CostComplexity, PruneAtPathAlphasAgreesWithThePath) {
    const test::CartFixture fixture = test::load_cart_fixture("wdbc");
    const TreeModel tree = grow_cart(fixture.train, ParamValues(cart_hyperparameter_table()), 0);
    const PruningPath path = cost_complexity_path(tree);
    ASSERT_GT(path.alphas.size(), 2u);
    EXPECT_EQ(path.leaves.back(), 1);
    for (std::size_t k = 1; k < path.alphas.size(); ++k) {
        std::size_t last = k;
        while (last + 1 < path.alphas.size() && path.alphas[last + 1] <= path.alphas[k]) ++last;
        const TreeModel pruned = prune_cost_complexity(tree, path.alphas[k]);
        EXPECT_EQ(pruned.stats().leaves, path.leaves[last]) << "step " << k;
        std::vector<bool> below_collapsed(tree.nodes.size(), false);
        for (std::size_t j = 1; j <= last; ++j)
            for (std::size_t i = 0; i < tree.nodes.size(); ++i)
                for (int a = tree.nodes[i].parent; a >= 0; a = tree.nodes[a].parent)
                    if (a == path.collapsed[j]) below_collapsed[i] = true;
        for (std::size_t i = 0; i < tree.nodes.size(); ++i) EXPECT_EQ(pruned.nodes[i].pruned, below_collapsed[i]) << i;
    }
}

// train_cart applies ccp_alpha: the result is the grown tree with the pruned flags of
// prune_cost_complexity at that alpha.
TEST(CostComplexity, TrainCartPrunesAtCcpAlpha) {
    const test::CartFixture fixture = test::load_cart_fixture("wine");
    ParamValues params(cart_hyperparameter_table());
    params.set(cart_hyperparameter_table(), "ccp_alpha", "0.02");
    const TrainResult result = train_cart(TrainInput{fixture.train, nullptr, params, 0}, {});
    const TreeModel expected = prune_cost_complexity(grow_cart(fixture.train, params, 0), 0.02);
    ASSERT_EQ(result.model.nodes.size(), expected.nodes.size());
    for (std::size_t i = 0; i < expected.nodes.size(); ++i) EXPECT_EQ(result.model.nodes[i].pruned, expected.nodes[i].pruned);
    EXPECT_LT(result.model.stats().leaves, grow_cart(fixture.train, params, 0).stats().leaves);
    EXPECT_FALSE(result.stopped_early);
}

}  // namespace
}  // namespace treelab
