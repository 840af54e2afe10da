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

void TreeTimeline::beginStart(int start) {
    start_ = start;
    startBegin_ = trees_.size();
    offers_ = 0;
    stride_ = 1;
}

bool TreeTimeline::offer(int start) {
    if (start != start_) beginStart(start);
    return offers_++ % stride_ == 0;
}

void TreeTimeline::record(RecordedTree tree) {
    if (tree.start != start_) beginStart(tree.start);
    if (tree.tree) treeBytes_ = std::max(treeBytes_, approximate_bytes(*tree.tree));
    const int starts = tree.starts;
    trees_.push_back(std::move(tree));
    const auto cap = static_cast<std::size_t>(capacity(treeBytes_, starts));
    while (trees_.size() - startBegin_ > cap) {
        // Every second tree of this start goes: those left are the offers at 2 × stride apart.
        std::size_t kept = startBegin_;
        for (std::size_t k = startBegin_; k < trees_.size(); k += 2) trees_[kept++] = std::move(trees_[k]);
        trees_.resize(kept);
        stride_ *= 2;
    }
}

}  // namespace treelab
