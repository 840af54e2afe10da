#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/analysis/routing_analysis.h"
#include "core/error.h"
#include "tests/core/analysis/heap_tree.h"
#include "tests/core/model/small_trees.h"

namespace treelab {
namespace {

// Five rows through small_trees.h's axis_tree (classes a b c): (0,0) a and (0,0) b stop at 3,
// (0,5) a is sent to the pruned node 8 and stops at 4, (1,0) c and (1,3) c stop at 2 (both children
// pruned). Nobody reaches 5 6 7 8.
using test::axis_rows;

Eigen::VectorXd axis_labels() { return (Eigen::VectorXd(5) << 0, 1, 0, 2, 2).finished(); }

// Rows per node come from the paths (internal nodes included), shares are per depth level, and
// labels truncate; pruned and unreached nodes show "-".
TEST(RoutingAnalysis, AxisTreeCountsSharesAndLabels) {
    const RoutingAnalysis analysis = analyse_routing(test::axis_tree(), axis_rows());
    ASSERT_EQ(analysis.nodes.size(), 9u);
    const std::vector<Eigen::Index> rows = {5, 3, 2, 2, 1, 0, 0, 0, 0};
    const std::vector<double> share = {1.0, 0.6, 0.4, 2.0 / 3, 1.0 / 3, 0, 0, 0, 0};
    const std::vector<std::string> label = {"100", "60", "40", "66", "33", "-", "-", "-", "-"};
    for (std::size_t t = 0; t < 9; ++t) {
        const NodeRouting& node = analysis.nodes[t];
        EXPECT_EQ(node.node, static_cast<int>(t));
        EXPECT_EQ(node.rows, rows[t]) << "node " << t;
        EXPECT_DOUBLE_EQ(node.share_in_level, share[t]) << "node " << t;
        EXPECT_EQ(node.label, label[t]) << "node " << t;
        EXPECT_EQ(node.class_rows.size(), 0);
    }
    EXPECT_EQ(analysis.nodes[4].parent, 1);
    EXPECT_EQ(analysis.nodes[7].depth, 3);
    EXPECT_TRUE(analysis.nodes[8].pruned);
    EXPECT_FALSE(analysis.nodes[7].pruned);
}

// EN counts every node no row reaches (pruned 5 6 8 and the unreached leaf 7); active + EN = all nodes.
TEST(RoutingAnalysis, EmptyActiveAndPrunedCounts) {
    const RoutingAnalysis analysis = analyse_routing(test::axis_tree(), axis_rows());
    EXPECT_EQ(analysis.empty_nodes, 4);
    EXPECT_EQ(analysis.active_nodes, 5);
    EXPECT_EQ(analysis.pruned_nodes, 3);
}

// Each class is normalised over its own rows at each level (Figure 4); a level without rows of a class is 0.
TEST(RoutingAnalysis, PerClassSharesPerLevel) {
    const RoutingAnalysis analysis = analyse_routing(test::axis_tree(), axis_rows(), axis_labels(), 3);
    const std::vector<std::vector<int>> rows = {{2, 1, 2}, {2, 1, 0}, {0, 0, 2}, {1, 1, 0}, {1, 0, 0}};
    const std::vector<std::vector<double>> share = {{1, 1, 1}, {1, 1, 0}, {0, 0, 1}, {0.5, 1, 0}, {0.5, 0, 0}};
    for (std::size_t t = 0; t < rows.size(); ++t)
        for (int c = 0; c < 3; ++c) {
            EXPECT_EQ(analysis.nodes[t].class_rows(c), rows[t][static_cast<std::size_t>(c)]) << t << ',' << c;
            EXPECT_DOUBLE_EQ(analysis.nodes[t].class_share(c), share[t][static_cast<std::size_t>(c)]) << t << ',' << c;
        }
    for (std::size_t t = 5; t < 9; ++t) EXPECT_EQ(analysis.nodes[t].class_rows.sum(), 0);
    EXPECT_EQ(analysis.empty_nodes, 4);
}

// max_depth keeps the shallow nodes only; shares and the whole-tree counts do not change.
TEST(RoutingAnalysis, MaxDepthTruncatesTheDisplayOnly) {
    const RoutingAnalysis full = analyse_routing(test::axis_tree(), axis_rows());
    const RoutingAnalysis top = analyse_routing(test::axis_tree(), axis_rows(), 1);
    ASSERT_EQ(top.nodes.size(), 3u);
    for (std::size_t t = 0; t < 3; ++t) EXPECT_DOUBLE_EQ(top.nodes[t].share_in_level, full.nodes[t].share_in_level);
    EXPECT_EQ(top.empty_nodes, full.empty_nodes);
    EXPECT_EQ(top.active_nodes, full.active_nodes);
    EXPECT_EQ(top.pruned_nodes, full.pruned_nodes);
}

// A pruned subtree in a heap tree: the rows stop above it, so the deeper levels hold fewer rows but
// their shares still sum to 1, and the pruned nodes count as empty (000 Figure 3's EN has no separate pruned state).
TEST(RoutingAnalysis, PrunedSubtreeInAHeapTree) {
    TreeModel tree = test::heap_tree(3);
    test::prune_subtree(tree, 2);  // nodes 2 5 6 11 12 13 14
    const RoutingAnalysis analysis = analyse_routing(tree, test::rows_at_leaves({0, 1, 1, 4, 6, 7}));
    EXPECT_EQ(analysis.nodes[0].rows, 6);
    EXPECT_EQ(analysis.nodes[1].rows, 3);
    EXPECT_EQ(analysis.nodes[2].rows, 0);
    EXPECT_DOUBLE_EQ(analysis.nodes[1].share_in_level, 1.0);
    EXPECT_DOUBLE_EQ(analysis.nodes[8].share_in_level, 2.0 / 3);
    EXPECT_EQ(analysis.empty_nodes, 7 + 3);  // the pruned subtree, node 4 and leaves 9 10
    EXPECT_EQ(analysis.active_nodes, 5);     // 0 1 3 7 8
    EXPECT_EQ(analysis.pruned_nodes, 7);
}

// Labels as the notebook prints them: int(100·share) truncates, "-" only for an exact zero.
TEST(RoutingAnalysis, ShareLabels) {
    EXPECT_EQ(share_label(0.0), "-");
    EXPECT_EQ(share_label(1e-9), "0");
    EXPECT_EQ(share_label(0.29), "28");  // 100 · 0.29 = 28.999999999999996 in double, as in Python
    EXPECT_EQ(share_label(0.999), "99");
    EXPECT_EQ(share_label(1.0), "100");
}

// Labels must be class indices, one per row.
TEST(RoutingAnalysis, RejectsBadLabels) {
    EXPECT_THROW(analyse_routing(test::axis_tree(), axis_rows(), axis_labels(), 2), Error);
    EXPECT_THROW(analyse_routing(test::axis_tree(), axis_rows(), Eigen::VectorXd::Zero(4), 3), Error);
}

}  // namespace
}  // namespace treelab
