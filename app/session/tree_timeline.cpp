#include "app/session/tree_timeline.h"

#include <algorithm>

namespace treelab {

std::size_t approximate_bytes(const TreeModel& tree) {
    std::size_t bytes = sizeof(TreeModel) + tree.nodes.size() * sizeof(TreeNode);
    for (const TreeNode& node : tree.nodes)
        bytes += sizeof(double) *
                 static_cast<std::size_t>(node.weights.size() + node.distribution.size() + node.leaf_weights.size() + node.class_counts.size());
    for (const auto* names : {&tree.feature_names, &tree.class_names})
        for (const std::string& name : *names) bytes += sizeof(std::string) + name.capacity();
    if (tree.routing_predictor) {
        bytes += sizeof(double) * static_cast<std::size_t>(tree.routing_predictor->activity.size());
        for (const DenseLayer& layer : tree.routing_predictor->layers)
            bytes += sizeof(double) * static_cast<std::size_t>(layer.weights.size() + layer.bias.size());
    }
    return bytes;
}

int TreeTimeline::capacity(std::size_t bytes, int starts) {
    const std::size_t per_start = kBudgetBytes / (std::max<std::size_t>(bytes, 1) * static_cast<std::size_t>(std::max(starts, 1)));
    const int trees = static_cast<int>(std::min<std::size_t>(per_start, kTreesPerStart));
    return std::max(2, trees - trees % 2);  // even: after thinning, the newest tree is still kept
}

TreeTimeline::StartState& TreeTimeline::state(int start) {
    const auto index = static_cast<std::size_t>(std::max(start, 0));
    if (index >= starts_.size()) starts_.resize(index + 1);
    return starts_[index];
}

bool TreeTimeline::offer(int start) {
    StartState& s = state(start);
    return s.offers++ % s.stride == 0;
}

namespace {

bool before(const RecordedTree& a, const RecordedTree& b) { return a.start < b.start || (a.start == b.start && a.epoch < b.epoch); }

// Index of `start`'s first tree in `trees` (ordered by start), and one past its last.
std::size_t begin_of(const std::vector<RecordedTree>& trees, int start) {
    return static_cast<std::size_t>(
        std::lower_bound(trees.begin(), trees.end(), start, [](const RecordedTree& t, int k) { return t.start < k; }) - trees.begin());
}
std::size_t end_of(const std::vector<RecordedTree>& trees, int start) {
    return static_cast<std::size_t>(
        std::upper_bound(trees.begin(), trees.end(), start, [](int k, const RecordedTree& t) { return k < t.start; }) - trees.begin());
}

}  // namespace

void TreeTimeline::record(RecordedTree tree) {
    StartState& s = state(tree.start);
    if (tree.tree) treeBytes_ = std::max(treeBytes_, approximate_bytes(*tree.tree));
    const int start = tree.start, starts = tree.starts;
    // The start's trees are the range [begin, end) of trees_; the new one goes after those of
    // earlier epochs (a start reports its epochs in order, so this is normally its end).
    const std::size_t begin = begin_of(trees_, start);
    trees_.insert(std::upper_bound(trees_.begin(), trees_.end(), tree, before), std::move(tree));
    std::size_t end = end_of(trees_, start);
    const auto cap = static_cast<std::size_t>(capacity(treeBytes_, starts));
    while (end - begin > cap) {
        // Every second tree of this start goes: those left are the offers at 2 × stride apart.
        std::size_t kept = begin;
        for (std::size_t k = begin; k < end; k += 2) trees_[kept++] = std::move(trees_[k]);
        trees_.erase(trees_.begin() + static_cast<std::ptrdiff_t>(kept), trees_.begin() + static_cast<std::ptrdiff_t>(end));
        end = kept;
        s.stride *= 2;
    }
}

int TreeTimeline::newestOf(int start) const {
    const std::size_t end = end_of(trees_, start);
    return end > begin_of(trees_, start) ? static_cast<int>(end) - 1 : -1;
}

}  // namespace treelab
