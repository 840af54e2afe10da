// Shape of the effective tree. A non-pruned node with exactly one pruned child is internal (it
// still splits) but is also a stopping point for the rows sent to the pruned side; it is not
// counted as a leaf.
#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/model/tree_model.h"

namespace treelab {

bool TreeModel::stops_at(int node) const {
    if (node < 0 || static_cast<std::size_t>(node) >= nodes.size())
        throw Error("node " + std::to_string(node) + " does not exist; the tree has " + std::to_string(nodes.size()) +
                    " nodes");
    const TreeNode& n = nodes[static_cast<std::size_t>(node)];
    if (n.pruned) return false;
    return !n.is_split() ||
           (nodes[static_cast<std::size_t>(n.left)].pruned && nodes[static_cast<std::size_t>(n.right)].pruned);
}

bool TreeModel::has_linear_leaves() const {
    return std::any_of(nodes.begin(), nodes.end(), [](const TreeNode& node) { return node.is_linear(); });
}

TreeStats TreeModel::stats() const {
    TreeStats stats;
    for (std::size_t id = 0; id < nodes.size(); ++id) {
        const TreeNode& node = nodes[id];
        if (node.pruned) {
            ++stats.pruned_nodes;
            continue;
        }
        ++stats.nodes;
        stats.depth = std::max(stats.depth, node.depth);
        if (stops_at(static_cast<int>(id))) ++stats.leaves;
        ++(node.empty ? stats.empty_nodes : stats.active_nodes);
    }
    return stats;
}

}  // namespace treelab
