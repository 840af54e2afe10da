// TreeTimeline: the trees a run records for the slider, evenly spaced per start and bounded.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "app/session/tree_timeline.h"

namespace treelab {
namespace {

std::shared_ptr<const TreeModel> tree_of(int nodes, int weights = 0) {
    auto tree = std::make_shared<TreeModel>();
    tree->nodes.resize(static_cast<std::size_t>(nodes));
    for (TreeNode& node : tree->nodes) node.weights = Eigen::VectorXd::Zero(weights);
    return tree;
}

// Offers `epochs` trees of `start` (one per epoch), recording those the timeline wants, as the
// training session does; `gui` records exactly what the worker recorded, as the slider does.
void offer_start(TreeTimeline& worker, TreeTimeline* gui, int start, int starts, int epochs, std::shared_ptr<const TreeModel> tree) {
    for (int epoch = 1; epoch <= epochs; ++epoch)
        if (worker.offer(start)) {
            const RecordedTree recorded{start, starts, epoch, -1, tree};
            worker.record(recorded);
            if (gui) gui->record(recorded);
        }
}

// A long start keeps between half and all of kTreesPerStart trees, at one constant epoch spacing
// from its first epoch on; the GUI's copy, fed what the worker recorded, ends identical.
TEST(TreeTimeline, ThinsALongStartEvenlyAndTheGuiFollows) {
    TreeTimeline worker, gui;
    offer_start(worker, &gui, 0, 1, 2183, tree_of(63));
    const std::vector<RecordedTree>& trees = worker.trees();
    ASSERT_GE(trees.size(), static_cast<std::size_t>(TreeTimeline::kTreesPerStart / 2));
    ASSERT_LE(trees.size(), static_cast<std::size_t>(TreeTimeline::kTreesPerStart));
    EXPECT_EQ(trees.front().epoch, 1);
    const int gap = trees[1].epoch - trees[0].epoch;
    EXPECT_GT(gap, 1) << "2183 epochs do not fit in 200 trees";
    for (std::size_t k = 1; k < trees.size(); ++k) EXPECT_EQ(trees[k].epoch - trees[k - 1].epoch, gap) << k;
    EXPECT_GT(trees.back().epoch, 2183 - gap) << "the spacing reaches the start's end";
    ASSERT_EQ(gui.trees().size(), trees.size());
    for (std::size_t k = 0; k < trees.size(); ++k) EXPECT_EQ(gui.trees()[k].epoch, trees[k].epoch);
}

// Every start of a multi-start run keeps its own trees, short starts every epoch.
TEST(TreeTimeline, KeepsEveryStartApart) {
    TreeTimeline timeline;
    offer_start(timeline, nullptr, 0, 3, 50, tree_of(7));
    offer_start(timeline, nullptr, 1, 3, 1000, tree_of(7));
    offer_start(timeline, nullptr, 2, 3, 30, tree_of(7));
    std::vector<int> per_start(3, 0);
    for (const RecordedTree& tree : timeline.trees()) ++per_start[static_cast<std::size_t>(tree.start)];
    EXPECT_EQ(per_start[0], 50);
    EXPECT_GE(per_start[1], TreeTimeline::kTreesPerStart / 2);
    EXPECT_LE(per_start[1], TreeTimeline::kTreesPerStart);
    EXPECT_EQ(per_start[2], 30);
    for (std::size_t k = 1; k < timeline.trees().size(); ++k)
        EXPECT_LE(timeline.trees()[k - 1].start, timeline.trees()[k].start) << "starts one after another";
}

// Large trees (oblique splits over many features) are kept fewer, within the memory budget.
TEST(TreeTimeline, StaysWithinItsMemoryBudget) {
    const auto big = tree_of(2047, 200);  // about 3.3 MB
    const std::size_t bytes = approximate_bytes(*big);
    EXPECT_GT(bytes, std::size_t{2047} * 200 * sizeof(double));
    TreeTimeline timeline;
    for (int start = 0; start < 4; ++start) offer_start(timeline, nullptr, start, 4, 500, big);
    EXPECT_LE(timeline.trees().size() * bytes, TreeTimeline::kBudgetBytes);
    EXPECT_GE(timeline.trees().size(), 8u) << "still two trees per start";
    EXPECT_EQ(TreeTimeline::capacity(1, 1), TreeTimeline::kTreesPerStart);
    EXPECT_EQ(TreeTimeline::capacity(TreeTimeline::kBudgetBytes, 1), 2);
}

}  // namespace
}  // namespace treelab
