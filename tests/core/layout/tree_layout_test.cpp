#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/layout/tree_layout.h"
#include "tests/core/analysis/heap_tree.h"

namespace treelab {
namespace {

// A CART-like irregular tree: every node below `depth` splits with probability `p_split`
// (the root always), children appended after their parents. Fixed seed.
TreeModel random_tree(int depth, double p_split, unsigned seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution splits(p_split);
    TreeModel tree;
    tree.nodes.emplace_back();
    for (std::size_t t = 0; t < tree.nodes.size(); ++t) {
        if (tree.nodes[t].depth >= depth || (t > 0 && !splits(rng))) continue;
        for (int side = 0; side < 2; ++side) {
            TreeNode child;
            child.parent = static_cast<int>(t);
            child.depth = tree.nodes[t].depth + 1;
            (side == 0 ? tree.nodes[t].left : tree.nodes[t].right) = static_cast<int>(tree.nodes.size());
            tree.nodes.push_back(child);
        }
    }
    return tree;
}

// Boxes of one level (one y) never overlap and keep at least the sibling gap between them.
void expect_no_overlap(const TreeLayout& layout, const LayoutOptions& options) {
    std::map<double, std::vector<double>> levels;
    for (const NodeBox& box : layout.boxes) levels[box.y].push_back(box.x);
    for (auto& [y, xs] : levels) {
        std::sort(xs.begin(), xs.end());
        for (std::size_t i = 1; i < xs.size(); ++i)
            ASSERT_GE(xs[i] - xs[i - 1], options.node_width + options.sibling_gap - 1e-9) << "level y = " << y;
    }
    for (const NodeBox& box : layout.boxes) {
        EXPECT_GE(box.x - 0.5 * options.node_width, -1e-9);
        EXPECT_LE(box.x + 0.5 * options.node_width, layout.width + 1e-9);
    }
}

// Each parent sits exactly above the middle of its shown children, left child to the left.
void expect_parents_centred(const TreeModel& tree, const TreeLayout& layout) {
    for (const NodeBox& box : layout.boxes) {
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(box.node)];
        const NodeBox* left = layout.box(node.left);
        const NodeBox* right = layout.box(node.right);
        if (left && right) {
            EXPECT_NEAR(box.x, 0.5 * (left->x + right->x), 1e-9) << "node " << box.node;
            EXPECT_LT(left->x, right->x);
        } else if (left || right) {
            EXPECT_NEAR(box.x, (left ? left : right)->x, 1e-9) << "node " << box.node;
        }
        if (left) {
            EXPECT_GT(left->y, box.y);
        }
    }
}

// Complete trees of depth 0..10 (up to 2,047 nodes): no overlap, parents centred, every node shown.
TEST(TreeLayout, CompleteTreesDoNotOverlap) {
    const LayoutOptions options;
    for (int depth = 0; depth <= 10; ++depth) {
        const TreeModel tree = test::heap_tree(depth);
        const TreeLayout layout = layout_tree(tree, options);
        ASSERT_EQ(layout.boxes.size(), tree.nodes.size());
        expect_no_overlap(layout, options);
        expect_parents_centred(tree, layout);
        // A complete tree is as wide as its leaves side by side, and tidy: no wasted space.
        EXPECT_NEAR(layout.width, (1 << depth) * (options.node_width + options.sibling_gap) - options.sibling_gap, 1e-6);
        EXPECT_NEAR(layout.height, depth * (options.node_height + options.level_gap) + options.node_height, 1e-9);
    }
}

// Twenty irregular trees up to depth 10: no overlap, parents centred, leaves in left-to-right order.
TEST(TreeLayout, IrregularTreesDoNotOverlap) {
    LayoutOptions options;
    options.node_width = 50.0;
    options.sibling_gap = 5.0;
    for (unsigned seed = 0; seed < 20; ++seed) {
        const TreeModel tree = random_tree(10, 0.55 + 0.02 * seed, seed);
        const TreeLayout layout = layout_tree(tree, options);
        ASSERT_EQ(layout.boxes.size(), tree.nodes.size()) << "seed " << seed;
        expect_no_overlap(layout, options);
        expect_parents_centred(tree, layout);
    }
}

// Two depth-4 trees that differ only in which nodes are pruned or empty (two values of λ) get
// the same position for every node, the ghosts flagged (000 Fig. 3 compares such trees).
TEST(TreeLayout, GhostsKeepPositionsAcrossPruning) {
    TreeModel light = test::heap_tree(4);
    TreeModel heavy = light;
    test::prune_subtree(light, 6);
    test::prune_subtree(heavy, 2);
    test::prune_subtree(heavy, 9);
    heavy.nodes[20].empty = true;
    const TreeLayout a = layout_tree(light), b = layout_tree(heavy);
    ASSERT_EQ(a.boxes.size(), 31u);
    ASSERT_EQ(b.boxes.size(), 31u);
    for (int t = 0; t < 31; ++t) {
        EXPECT_DOUBLE_EQ(a.box(t)->x, b.box(t)->x) << "node " << t;
        EXPECT_DOUBLE_EQ(a.box(t)->y, b.box(t)->y) << "node " << t;
        EXPECT_EQ(b.box(t)->ghost, heavy.nodes[t].pruned || heavy.nodes[t].empty) << "node " << t;
    }
    EXPECT_TRUE(a.box(13)->ghost);
    EXPECT_FALSE(a.box(5)->ghost);
}

// Without ghosts, pruned and empty nodes and their subtrees leave the layout.
TEST(TreeLayout, GhostsCanBeLeftOut) {
    TreeModel tree = test::heap_tree(3);
    test::prune_subtree(tree, 2);
    tree.nodes[3].empty = true;
    LayoutOptions options;
    options.keep_ghosts = false;
    const TreeLayout layout = layout_tree(tree, options);
    std::vector<int> shown;
    for (const NodeBox& box : layout.boxes) shown.push_back(box.node);
    EXPECT_EQ(shown, (std::vector<int>{0, 1, 4, 9, 10}));
    expect_parents_centred(tree, layout);
    EXPECT_EQ(layout.box(3), nullptr);
    EXPECT_EQ(layout.box(7), nullptr);
}

// A depth limit hides everything below it and marks the cut nodes folded; the rest is a complete
// tree of that depth, laid out as one.
TEST(TreeLayout, DepthLimitHidesDescendants) {
    const TreeModel tree = test::heap_tree(6);
    LayoutOptions options;
    options.max_depth = 3;
    const TreeLayout layout = layout_tree(tree, options);
    ASSERT_EQ(layout.boxes.size(), 15u);
    for (const NodeBox& box : layout.boxes) {
        EXPECT_LE(tree.nodes[box.node].depth, 3);
        EXPECT_EQ(box.folded, tree.nodes[box.node].depth == 3);
    }
    const TreeLayout shallow = layout_tree(test::heap_tree(3), options);
    for (int t = 0; t < 15; ++t) EXPECT_DOUBLE_EQ(layout.box(t)->x, shallow.box(t)->x);
}

// Collapsing nodes hides their whole subtrees, and only those nodes are folded.
TEST(TreeLayout, CollapseHidesSubtree) {
    const TreeModel tree = test::heap_tree(4);
    LayoutOptions options;
    options.collapsed = {1, 5, 9};  // 9 is inside 1's subtree: collapsing it too is harmless
    const TreeLayout layout = layout_tree(tree, options);
    for (int t = 0; t < 31; ++t) {
        bool hidden = false;
        for (int a = tree.nodes[t].parent; a >= 0; a = tree.nodes[a].parent) hidden = hidden || a == 1 || a == 5;
        EXPECT_EQ(layout.box(t) == nullptr, hidden) << "node " << t;
    }
    EXPECT_TRUE(layout.box(1)->folded);
    EXPECT_TRUE(layout.box(5)->folded);
    EXPECT_FALSE(layout.box(2)->folded);
    EXPECT_FALSE(layout.box(6)->folded);
    expect_no_overlap(layout, options);
    expect_parents_centred(tree, layout);
}

// A chain of 5,000 single-child levels lays out without recursion, every node under the root.
TEST(TreeLayout, DeepChainNeedsNoRecursion) {
    TreeModel tree;
    tree.nodes.resize(10'001);
    for (int t = 0; 2 * t + 2 < 10'001; ++t) {  // a caterpillar: the left child is a leaf
        const int left = 2 * t + 1, right = 2 * t + 2;
        tree.nodes[t].left = left;
        tree.nodes[t].right = right;
        for (const int c : {left, right}) {
            tree.nodes[c].parent = t;
            tree.nodes[c].depth = tree.nodes[t].depth + 1;
        }
    }
    const LayoutOptions options;
    const TreeLayout layout = layout_tree(tree, options);
    ASSERT_EQ(layout.boxes.size(), tree.nodes.size());
    expect_no_overlap(layout, options);
    expect_parents_centred(tree, layout);
}

// An empty model lays out as nothing.
TEST(TreeLayout, EmptyTree) {
    const TreeLayout layout = layout_tree(TreeModel{});
    EXPECT_TRUE(layout.boxes.empty());
    EXPECT_EQ(layout.width, 0.0);
}

}  // namespace
}  // namespace treelab
