// The invariants every learner's output and every loaded model file must satisfy. The loader
// runs this on hostile input, so checks come in an order where each one may rely on the earlier
// ones (indices in range before following them, a proper tree before reading depths).
#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/model/tree_model.h"

namespace treelab {
namespace {

std::string node_name(std::size_t id) { return "node " + std::to_string(id); }

bool all_finite(const Eigen::VectorXd& values) { return values.array().isFinite().all(); }

void check_children(const TreeModel& tree) {
    const std::size_t n = tree.nodes.size();
    for (std::size_t id = 0; id < n; ++id) {
        const TreeNode& node = tree.nodes[id];
        for (const int child : {node.left, node.right})
            if (child < -1 || (child >= 0 && static_cast<std::size_t>(child) >= n))
                throw Error(node_name(id) + " has child index " + std::to_string(child) + ", but the tree has " +
                            std::to_string(n) + " nodes (a child is -1 for none or a node index)");
        if ((node.left < 0) != (node.right < 0))
            throw Error(node_name(id) + " has only one child (left " + std::to_string(node.left) + ", right " +
                        std::to_string(node.right) + "); a node has two children or none");
    }
}

// Every node reached exactly once from the root, with parent and depth matching the walk.
void check_tree_shape(const TreeModel& tree) {
    const TreeNode& root = tree.nodes[0];
    if (root.parent != -1) throw Error("the root (node 0) has parent " + std::to_string(root.parent) + " instead of -1");
    if (root.depth != 0) throw Error("the root (node 0) has depth " + std::to_string(root.depth) + " instead of 0");
    std::vector<bool> reached(tree.nodes.size(), false);
    reached[0] = true;
    std::vector<std::size_t> stack{0};
    while (!stack.empty()) {
        const std::size_t id = stack.back();
        stack.pop_back();
        const TreeNode& node = tree.nodes[id];
        if (!node.is_split()) continue;
        for (const int child_index : {node.left, node.right}) {
            const auto child = static_cast<std::size_t>(child_index);
            if (reached[child])
                throw Error(node_name(child) + " is reached twice, the second time as a child of " + node_name(id) +
                            " (a cycle or a shared child)");
            reached[child] = true;
            const TreeNode& c = tree.nodes[child];
            if (c.parent != static_cast<int>(id))
                throw Error(node_name(child) + " is a child of " + node_name(id) + " but records parent " +
                            std::to_string(c.parent));
            if (c.depth != node.depth + 1)
                throw Error(node_name(child) + " has depth " + std::to_string(c.depth) + " but its parent " +
                            node_name(id) + " has depth " + std::to_string(node.depth));
            stack.push_back(child);
        }
    }
    for (std::size_t id = 0; id < reached.size(); ++id)
        if (!reached[id]) throw Error(node_name(id) + " cannot be reached from the root");
}

void check_split(const TreeModel& tree, std::size_t id) {
    const TreeNode& node = tree.nodes[id];
    if (!std::isfinite(node.threshold))
        throw Error(node_name(id) + " splits with threshold " + std::to_string(node.threshold) +
                    "; a split needs a finite threshold");
    if (node.is_oblique()) {
        if (node.weights.size() != tree.features())
            throw Error(node_name(id) + " has " + std::to_string(node.weights.size()) + " oblique weights but the model has " +
                        std::to_string(tree.features()) + " features");
        if (!all_finite(node.weights)) throw Error(node_name(id) + " has a non-finite oblique weight");
    } else if (node.feature < 0 || node.feature >= tree.features()) {
        throw Error(node_name(id) + " splits on feature " + std::to_string(node.feature) + " but the model has " +
                    std::to_string(tree.features()) + " features (0 to " + std::to_string(tree.features() - 1) + ")");
    }
}

void check_values(const TreeModel& tree, std::size_t id) {
    const TreeNode& node = tree.nodes[id];
    const bool classification = tree.task == Task::Classification;
    const Eigen::Index expected = classification ? tree.classes() : 1;
    if (node.distribution.size() != expected)
        throw Error(node_name(id) + " has a distribution of size " + std::to_string(node.distribution.size()) +
                    "; expected " + std::to_string(expected) +
                    (classification ? " (one probability per class)" : " (the regression value)"));
    if (!all_finite(node.distribution)) throw Error(node_name(id) + " has a non-finite value in its distribution");
    const Eigen::Index counts = node.class_counts.size();
    if (counts != 0 && (!classification || counts != tree.classes()))
        throw Error(node_name(id) + " has " + std::to_string(counts) + " class counts; expected " +
                    (classification ? "0 or " + std::to_string(tree.classes()) : std::string("none for regression")));
    if (!all_finite(node.class_counts) || (node.class_counts.array() < 0.0).any())
        throw Error(node_name(id) + " has a negative or non-finite class count");
    if (!std::isfinite(node.samples) || node.samples < 0.0)
        throw Error(node_name(id) + " has sample count " + std::to_string(node.samples) + "; expected a finite count >= 0");
    // NaN means "not applicable" for these two; infinity is never meaningful.
    if (std::isinf(node.impurity)) throw Error(node_name(id) + " has an infinite impurity");
    if (std::isinf(node.soft_mass)) throw Error(node_name(id) + " has an infinite soft mass");
}

// Pruning removes whole subtrees, so a pruned node's children are pruned too.
void check_pruning(const TreeModel& tree) {
    if (tree.nodes[0].pruned) throw Error("the root (node 0) is pruned; the effective tree would be empty");
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        if (!node.pruned || !node.is_split()) continue;
        for (const int child : {node.left, node.right})
            if (!tree.nodes[static_cast<std::size_t>(child)].pruned)
                throw Error(node_name(id) + " is pruned but its child " + node_name(static_cast<std::size_t>(child)) +
                            " is not");
    }
}

}  // namespace

void TreeModel::validate() const {
    if (nodes.empty()) throw Error("the tree has no nodes (the root is missing)");
    if (task == Task::Classification && classes() < 1) throw Error("a classification tree needs at least one class");
    check_children(*this);
    check_tree_shape(*this);
    for (std::size_t id = 0; id < nodes.size(); ++id) {
        if (nodes[id].is_split()) check_split(*this, id);
        check_values(*this, id);
    }
    check_pruning(*this);
}

}  // namespace treelab
