#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/metrics/dendrogram_purity.h"
#include "tests/core/analysis/heap_tree.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

constexpr PurityVariant kReference = PurityVariant::Reference, kTextbook = PurityVariant::Textbook;

Eigen::VectorXd labels(const std::vector<double>& values) {
    return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// One class: counts (1 × nodes) with one point at each listed node.
Eigen::MatrixXd one_class_stops(const TreeModel& tree, const std::vector<int>& nodes) {
    Eigen::MatrixXd stops = Eigen::MatrixXd::Zero(1, static_cast<Eigen::Index>(tree.nodes.size()));
    for (const int node : nodes) stops(0, node) += 1.0;
    return stops;
}

Eigen::MatrixXd one_class_purity(const std::vector<double>& values) {
    return labels(values).transpose();
}

// The LCA climbs parent links in a heap tree (the reference's trees.py assert) and in an explicit one.
TEST(DendrogramPurity, LowestCommonAncestor) {
    const TreeModel heap = test::heap_tree(4);
    EXPECT_EQ(lowest_common_ancestor(heap, 25, 27), 2);
    EXPECT_EQ(lowest_common_ancestor(heap, 15, 30), 0);
    EXPECT_EQ(lowest_common_ancestor(heap, 9, 19), 9);
    EXPECT_EQ(lowest_common_ancestor(heap, 12, 12), 12);
    const TreeModel axis = test::axis_tree();
    EXPECT_EQ(lowest_common_ancestor(axis, 7, 3), 1);
    EXPECT_EQ(lowest_common_ancestor(axis, 7, 6), 0);
    EXPECT_THROW(lowest_common_ancestor(axis, 7, 9), Error);
}

// The asserts of vzantedeschi/LatentTrees src/metrics.py __main__: depth 4, ten points of one class; DP equals the constant purity, wherever the points stop.
TEST(DendrogramPurity, ReferenceOraclesConstantPurity) {
    const TreeModel tree = test::heap_tree(4);
    const std::vector<int> leaves = {15, 15, 16, 18, 18, 18, 22, 23, 27, 30};
    std::vector<int> shifted;  // each point moved one leaf to the right, cyclically
    for (const int leaf : leaves) shifted.push_back(leaf == 30 ? 15 : leaf + 1);
    for (const double purity : {1.0, 0.0, 0.1})
        for (const auto& points : {leaves, shifted}) {
            const Eigen::MatrixXd p = Eigen::MatrixXd::Constant(1, 31, purity);
            EXPECT_NEAR(dendrogram_purity(tree, p, one_class_stops(tree, points), kReference), purity, 1e-15);
        }
}

// The asserts of vzantedeschi/LatentTrees src/metrics.py __main__: depth 2, four points of one class in the four leaves; ordered pairs and self-pairs count.
TEST(DendrogramPurity, ReferenceOraclesFourLeaves) {
    const TreeModel tree = test::heap_tree(2);
    const Eigen::MatrixXd stops = one_class_stops(tree, {3, 4, 5, 6});
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, one_class_purity({0, 1, 0, 0, 0, 0, 0}), stops, kReference), 2.0 / 16);
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, one_class_purity({0.5, 1, 0, 0, 0, 0, 0}), stops, kReference),
                     (2.0 * 1 + 0.5 * 8) / 16);
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, one_class_purity({0.5, 1, 0, 1, 1, 0, 0}), stops, kReference),
                     (4.0 * 1 + 0.5 * 8) / 16);
}

// Through a real tree: ten rows of one class in a depth-4 tree have DP 1 in both variants.
TEST(DendrogramPurity, OneClassIsPure) {
    const TreeModel tree = test::heap_tree(4);
    const Eigen::MatrixXd X = test::rows_at_leaves({0, 0, 1, 3, 3, 3, 7, 8, 12, 15});
    const Eigen::VectorXd y = Eigen::VectorXd::Zero(10);
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 1, kReference), 1.0);
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 1, kTextbook), 1.0);
}

// Depth 2, leaves a a | a b | b | b b, worked by hand. Reference: class a gives 4·1 + 1·½ + 4·¾ = 7.5,
// class b 1·½ + 1 + 4 + 4·1 + 6·(4/7), over 3² + 4² = 25 → 143/175. Textbook: a pairs 1, ¾, ¾; b pairs
// 4/7 ×3, 1 ×3 → (2.5 + 33/7) / 9 = 101/126.
TEST(DendrogramPurity, HandComputedBothVariants) {
    const TreeModel tree = test::heap_tree(2);
    const Eigen::MatrixXd X = test::rows_at_leaves({0, 0, 1, 1, 2, 3, 3});
    const Eigen::VectorXd y = labels({0, 0, 0, 1, 1, 1, 1});
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 2, kReference), 143.0 / 175);
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 2, kTextbook), 101.0 / 126);
}

// A class with no row changes neither variant, wherever its index lies.
TEST(DendrogramPurity, EmptyClassContributesNothing) {
    const TreeModel tree = test::heap_tree(2);
    const Eigen::MatrixXd X = test::rows_at_leaves({0, 0, 1, 1, 2, 3, 3});
    const Eigen::VectorXd y = labels({0, 0, 0, 1, 1, 1, 1});
    for (const PurityVariant variant : {kReference, kTextbook}) {
        const double two = dendrogram_purity(tree, X, y, 2, variant);
        EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 3, variant), two);
        EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, (y.array() + 1.0).matrix(), 3, variant), two);
    }
}

// Rows whose path is pruned stop at the deepest active ancestor (not leaf 0 as in the reference):
// with leaves 3 and 4 pruned the rows a a a b stop at node 1 (purity a ¾, b ¼). Reference: a 9·¾,
// b ¼ + 1 + 4 + (2 + 4)·(4/7) + 4 → 136/175; textbook: a 3·¾, b as before 33/7 → (9/4 + 33/7)/9 = 65/84.
TEST(DendrogramPurity, PrunedPathsStopAtTheDeepestActiveAncestor) {
    TreeModel tree = test::heap_tree(2);
    test::prune_subtree(tree, 3);
    test::prune_subtree(tree, 4);
    const Eigen::MatrixXd X = test::rows_at_leaves({0, 0, 1, 1, 2, 3, 3});
    const Eigen::VectorXd y = labels({0, 0, 0, 1, 1, 1, 1});
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 2, kReference), 136.0 / 175);
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, X, y, 2, kTextbook), 65.0 / 84);
}

// Both variants equal their definitions summed pair by pair of rows through the LCA, on a pruned
// depth-4 tree with 60 random rows of 3 classes.
TEST(DendrogramPurity, MatchesBruteForceOverPairsOfRows) {
    TreeModel tree = test::heap_tree(4, 3);
    test::prune_subtree(tree, 5);
    test::prune_subtree(tree, 17);
    std::mt19937 rng(7);
    const int n = 60;
    Eigen::MatrixXd X(n, 1);
    Eigen::VectorXd y(n);
    for (int i = 0; i < n; ++i) {
        X(i, 0) = static_cast<double>(rng() % 16);
        y(i) = static_cast<double>(rng() % 3);
    }
    const Eigen::VectorXi stop = tree.route(X);
    // purity[c, t] from the rows whose path passes through t.
    const Eigen::SparseMatrix<double, Eigen::RowMajor> through = tree.routing_matrix(X);
    Eigen::MatrixXd hist = Eigen::MatrixXd::Zero(3, 31);
    for (int t = 0; t < 31; ++t)
        for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(through, t); it; ++it)
            hist(static_cast<int>(y(it.col())), t) += 1.0;
    double reference = 0.0, textbook = 0.0, textbook_pairs = 0.0, reference_pairs = 0.0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (y(i) != y(j)) continue;
            const int lca = lowest_common_ancestor(tree, stop(i), stop(j));
            const double purity = hist(static_cast<int>(y(i)), lca) / hist.col(lca).sum();
            reference += purity;
            reference_pairs += 1.0;
            if (i < j) {
                textbook += purity;
                textbook_pairs += 1.0;
            }
        }
    EXPECT_NEAR(dendrogram_purity(tree, X, y, 3, kReference), reference / reference_pairs, 1e-12);
    EXPECT_NEAR(dendrogram_purity(tree, X, y, 3, kTextbook), textbook / textbook_pairs, 1e-12);
}

// No pair to average is NaN (no row; textbook: every class has one row); labels must be class indices.
TEST(DendrogramPurity, UndefinedAndInvalidInputs) {
    const TreeModel tree = test::heap_tree(2);
    EXPECT_TRUE(std::isnan(dendrogram_purity(tree, Eigen::MatrixXd(0, 1), Eigen::VectorXd(0), 2, kReference)));
    EXPECT_TRUE(std::isnan(dendrogram_purity(tree, test::rows_at_leaves({0, 3}), labels({0, 1}), 2, kTextbook)));
    EXPECT_DOUBLE_EQ(dendrogram_purity(tree, test::rows_at_leaves({0, 3}), labels({0, 1}), 2, kReference), 1.0);
    EXPECT_THROW(dendrogram_purity(tree, test::rows_at_leaves({0, 3}), labels({0, 2}), 2, kReference), Error);
    EXPECT_THROW(dendrogram_purity(tree, test::rows_at_leaves({0, 3}), labels({0, 0.5}), 2, kReference), Error);
    EXPECT_THROW(dendrogram_purity(tree, test::rows_at_leaves({0, 3}), labels({0}), 2, kReference), Error);
    EXPECT_THROW(dendrogram_purity(tree, Eigen::MatrixXd::Zero(2, 5), Eigen::MatrixXd::Zero(2, 7), kReference), Error);
}

}  // namespace
}  // namespace treelab
