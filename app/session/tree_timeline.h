#pragma once
// The trees a run records while it trains, for the Tree tab's slider: every start keeps at most
// a fixed number of trees, evenly spaced over its epochs, thinned as the start grows (when a start
// holds one tree too many, every second one goes and from then on only every second tree offered
// is kept), so that a long start is scrubbed at the same density as a short one and memory stays
// bounded. Starts that train at once report interleaved (start 1 epoch 3, start 0 epoch 4, ...):
// each start is thinned on its own, and the list is ordered start by start, each start's trees in
// epoch order, wherever a report arrives. The worker decides with offer() whether to copy a tree
// at all; the GUI, which receives exactly the trees recorded, in the same order, keeps its copy of
// the list in step by calling record() alone.
#include <cstddef>
#include <vector>

#include "core/run/training_run.h"

namespace treelab {

class TreeTimeline {
public:
    // At most this many trees per start, fewer when their size would break the budget.
    static constexpr int kTreesPerStart = 200;
    // Memory for one run's recorded trees: approximate_bytes(tree) × trees per start × starts
    // stays at or under this (a depth-6 GradTree tree on glass is about 30 KB: 200 trees per start
    // for up to 5 starts; DGT at height 10 over 100 features about 2 MB: 16 trees in all).
    static constexpr std::size_t kBudgetBytes = std::size_t{32} << 20;

    // Whether the worker should copy the tree of this report of `start` (counts the offer).
    bool offer(int start);
    // Puts a recorded tree in its place (after its start's earlier epochs, before later starts)
    // and thins its start.
    void record(RecordedTree tree);
    // Start by start, each start's trees in epoch order.
    const std::vector<RecordedTree>& trees() const { return trees_; }
    std::vector<RecordedTree> take() { return std::move(trees_); }
    // Index in trees() of the newest (latest epoch's) tree of `start`; -1 when the start has none.
    int newestOf(int start) const;
    // Trees a start may keep for trees of `bytes` each over `starts` starts (even, at least 2).
    static int capacity(std::size_t bytes, int starts);

private:
    struct StartState {
        long long offers = 0;  // trees offered in this start
        long long stride = 1;  // keep every stride-th offer
    };
    StartState& state(int start);

    std::vector<RecordedTree> trees_;
    std::vector<StartState> starts_;  // by start
    std::size_t treeBytes_ = 0;       // the largest tree recorded so far
};

// Heap bytes a tree holds (nodes, their vectors, the names), for the budget above.
std::size_t approximate_bytes(const TreeModel& tree);

}  // namespace treelab
