// gradtree_pruning.h.
#include "core/learners/gradtree/gradtree_pruning.h"

#include <deque>

namespace treelab::gradtree {
namespace {

bool reached(const TreeModel& tree, int node) { return tree.nodes[static_cast<std::size_t>(node)].samples >= 1.0; }

// 001 §4.1 (GDT.py, prune_tree): while `node` splits with one empty side, it becomes its other child.
int surviving(const TreeModel& tree, int node) {
    for (;;) {
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        if (!n.is_split() || reached(tree, n.left) == reached(tree, n.right)) return node;
        node = reached(tree, n.left) ? n.left : n.right;
    }
}

}  // namespace

TreeModel prune_empty_branches(const TreeModel& tree) {
    TreeModel pruned = tree;
    pruned.nodes.clear();
    if (tree.nodes.empty()) return pruned;
    // Breadth first, so a tree with nothing to prune keeps its (heap) order.
    struct Pending { int source, parent; bool left; };
    std::deque<Pending> pending{{0, -1, false}};
    while (!pending.empty()) {
        const Pending next = pending.front();
        pending.pop_front();
        const int index = static_cast<int>(pruned.nodes.size());
        const TreeNode& source = tree.nodes[static_cast<std::size_t>(surviving(tree, next.source))];
        TreeNode& node = pruned.nodes.emplace_back(source);
        node.parent = next.parent;
        if (next.parent >= 0) {
            TreeNode& parent = pruned.nodes[static_cast<std::size_t>(next.parent)];
            node.depth = parent.depth + 1;
            (next.left ? parent.left : parent.right) = index;
        } else {
            node.depth = 0;
        }
        if (source.is_split()) {
            pending.push_back({source.left, index, true});
            pending.push_back({source.right, index, false});
        }
    }
    return pruned;
}

}  // namespace treelab::gradtree
