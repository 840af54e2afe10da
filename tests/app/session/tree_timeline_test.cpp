// TreeTimeline: the trees a run records for the slider, evenly spaced per start and bounded.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
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

// Offers the epochs of starts with `epochs[k]` epochs each as starts trained two at a time report
// them: interleaved in an order drawn with a fixed seed (start 1 epoch 3, start 0 epoch 4, ...),
// each start's own epochs in order, a start beginning when one of the two ends; records what the
// worker wants and gives `gui` exactly those trees in the same order.
void offer_two_at_a_time(TreeTimeline& worker, TreeTimeline* gui, const std::vector<int>& epochs, std::shared_ptr<const TreeModel> tree) {
    const int starts = static_cast<int>(epochs.size());
    std::mt19937 rng(29);
    std::vector<int> running, done(epochs.size(), 0);
    int next = 0;
    while (next < starts || !running.empty()) {
        while (running.size() < 2 && next < starts) running.push_back(next++);
        const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, running.size() - 1)(rng);
        const int start = running[pick];
        const int epoch = ++done[static_cast<std::size_t>(start)];
        if (worker.offer(start)) {
            const RecordedTree recorded{start, starts, epoch, -1, tree};
            worker.record(recorded);
            if (gui) gui->record(recorded);
        }
        if (epoch == epochs[static_cast<std::size_t>(start)]) running.erase(running.begin() + static_cast<std::ptrdiff_t>(pick));
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

// Starts that train at once report interleaved; each start is still thinned on its own, evenly
// from its first epoch, and the list reads start by start, each start's trees in epoch order, so
// that a slider position names one start's tree at one epoch; the GUI's copy ends identical.
TEST(TreeTimeline, OrdersInterleavedStartsStartByStart) {
    TreeTimeline worker, gui;
    offer_two_at_a_time(worker, &gui, {50, 1000, 30}, tree_of(7));
    const std::vector<RecordedTree>& trees = worker.trees();
    for (std::size_t k = 1; k < trees.size(); ++k) {
        const RecordedTree &a = trees[k - 1], &b = trees[k];
        EXPECT_TRUE(a.start < b.start || (a.start == b.start && a.epoch < b.epoch))
            << "position " << k << ": start " << a.start << " epoch " << a.epoch << " before start " << b.start << " epoch " << b.epoch;
    }
    std::vector<std::vector<int>> epochs(3);
    for (const RecordedTree& tree : trees) epochs[static_cast<std::size_t>(tree.start)].push_back(tree.epoch);
    EXPECT_EQ(epochs[0].size(), 50u);
    EXPECT_EQ(epochs[2].size(), 30u);
    ASSERT_GE(epochs[1].size(), static_cast<std::size_t>(TreeTimeline::kTreesPerStart / 2));
    ASSERT_LE(epochs[1].size(), static_cast<std::size_t>(TreeTimeline::kTreesPerStart));
    EXPECT_EQ(epochs[1].front(), 1);
    const int gap = epochs[1][1] - epochs[1][0];
    for (std::size_t k = 1; k < epochs[1].size(); ++k) EXPECT_EQ(epochs[1][k] - epochs[1][k - 1], gap) << k;
    EXPECT_GT(epochs[1].back(), 1000 - gap);
    for (int start = 0; start < 3; ++start) {
        const int newest = worker.newestOf(start);
        ASSERT_GE(newest, 0);
        EXPECT_EQ(trees[static_cast<std::size_t>(newest)].start, start);
        EXPECT_EQ(trees[static_cast<std::size_t>(newest)].epoch, epochs[static_cast<std::size_t>(start)].back());
    }
    EXPECT_EQ(worker.newestOf(3), -1);
    ASSERT_EQ(gui.trees().size(), trees.size());
    for (std::size_t k = 0; k < trees.size(); ++k) {
        EXPECT_EQ(gui.trees()[k].start, trees[k].start);
        EXPECT_EQ(gui.trees()[k].epoch, trees[k].epoch);
    }
}

// Large trees from interleaved starts are kept within the memory budget, two at least per start.
TEST(TreeTimeline, StaysWithinItsMemoryBudgetWithInterleavedStarts) {
    const auto big = tree_of(2047, 200);
    TreeTimeline timeline;
    offer_two_at_a_time(timeline, nullptr, {500, 500, 500, 500}, big);
    EXPECT_LE(timeline.trees().size() * approximate_bytes(*big), TreeTimeline::kBudgetBytes);
    std::vector<int> per_start(4, 0);
    for (const RecordedTree& tree : timeline.trees()) ++per_start[static_cast<std::size_t>(tree.start)];
    for (int start = 0; start < 4; ++start) EXPECT_GE(per_start[static_cast<std::size_t>(start)], 2) << start;
}

}  // namespace
}  // namespace treelab
