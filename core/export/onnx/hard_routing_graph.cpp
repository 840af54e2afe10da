// hard_routing_graph.h.
#include "core/export/onnx/hard_routing_graph.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/export/onnx/prediction_outputs.h"

namespace treelab::onnx_export {
namespace {

// Deepest level of a node the effective tree reaches (the root is level 0).
int effective_depth(const TreeModel& tree) {
    int depth = 0;
    std::vector<int> stack{0};
    while (!stack.empty()) {
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(stack.back())];
        stack.pop_back();
        depth = std::max(depth, node.depth);
        if (!node.is_split()) continue;
        for (const int child : {node.left, node.right})
            if (!tree.nodes[static_cast<std::size_t>(child)].pruned) stack.push_back(child);
    }
    return depth;
}

// [N, 1] int64 zeros: every row starts at the root. (Where with any [N, 1] condition and 0 on
// both sides; the first feature's IsNaN serves.)
std::string roots(GraphWriter& graph, const std::string& features) {
    const std::string first = graph.op("Slice", {features, graph.int64s("start", {0}), graph.int64s("end", {1}), graph.int64s("axis", {1})});
    const std::string zero = graph.int64s("root", {0});
    return graph.op("Where", {graph.op("IsNaN", {first}), zero, zero});
}

}  // namespace

void add_hard_routing(GraphWriter& graph, const TreeModel& tree, const std::string& features) {
    const auto node_count = static_cast<std::int64_t>(tree.nodes.size());
    const auto F = static_cast<Eigen::Index>(tree.features());
    // One column of W and t per split node; a node's next node on each side (itself where it stops).
    std::vector<std::int64_t> split_column(tree.nodes.size(), 0), left_next(tree.nodes.size()), right_next(tree.nodes.size());
    std::vector<int> splits;
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        left_next[id] = right_next[id] = static_cast<std::int64_t>(id);
        if (!node.is_split()) continue;
        split_column[id] = static_cast<std::int64_t>(splits.size());
        splits.push_back(static_cast<int>(id));
        if (!tree.nodes[static_cast<std::size_t>(node.left)].pruned) left_next[id] = node.left;
        if (!tree.nodes[static_cast<std::size_t>(node.right)].pruned) right_next[id] = node.right;
    }
    const auto M = static_cast<std::int64_t>(std::max<std::size_t>(splits.size(), 1));
    std::vector<double> W(static_cast<std::size_t>(F * M), 0.0), thresholds(static_cast<std::size_t>(M), 0.0);
    for (std::size_t s = 0; s < splits.size(); ++s) {
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(splits[s])];
        for (Eigen::Index j = 0; j < F; ++j) {
            const double weight = node.is_oblique() ? node.weights(j) : (j == node.feature ? 1.0 : 0.0);
            W[static_cast<std::size_t>(j * M) + s] = weight;
        }
        thresholds[s] = node.threshold;
    }
    const std::string left = graph.op(
        "LessOrEqual", {graph.op("MatMul", {features, graph.doubles("split_weights", W, {F, M})}), graph.doubles("thresholds", thresholds)});
    const std::string columns = graph.int64s("split_column", split_column);
    const std::string lefts = graph.int64s("left_next", left_next), rights = graph.int64s("right_next", right_next);
    std::string at = roots(graph, features);
    for (int level = 0; level < effective_depth(tree); ++level) {
        const std::string column = graph.op("Gather", {columns, at});
        const std::string goes_left = graph.op("GatherElements", {left, column});
        attr_int(graph.last(), "axis", 1);
        at = graph.op("Where", {goes_left, graph.op("Gather", {lefts, at}), graph.op("Gather", {rights, at})});
    }
    const std::string stop = graph.reshape(at, {-1});

    const Eigen::Index width = tree.task == Task::Classification ? tree.classes() : 1;
    std::vector<double> distributions;
    for (const TreeNode& node : tree.nodes)
        for (Eigen::Index c = 0; c < width; ++c) distributions.push_back(node.distribution(c));
    const std::string values = graph.op("Gather", {graph.doubles("distributions", distributions, {node_count, width}), stop});
    if (tree.task == Task::Classification) {
        add_class_outputs(graph, tree.class_names, values);
        return;
    }
    if (!tree.has_linear_leaves()) {
        add_value_output(graph, values);
        return;
    }
    std::vector<double> slopes;
    for (const TreeNode& node : tree.nodes)
        for (Eigen::Index j = 0; j < F; ++j) slopes.push_back(node.is_linear() ? node.leaf_weights(j) : 0.0);
    const std::string rows_slopes = graph.op("Gather", {graph.doubles("leaf_slopes", slopes, {node_count, F}), stop});
    const std::string dot = graph.op("ReduceSum", {graph.op("Mul", {rows_slopes, features}), graph.int64s("axis", {1})});
    add_value_output(graph, graph.op("Add", {values, dot}));
}

}  // namespace treelab::onnx_export
