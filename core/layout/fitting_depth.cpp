#include "core/layout/fitting_depth.h"

#include <algorithm>

namespace treelab {

int tree_height(const TreeModel& tree) {
    if (tree.nodes.empty()) return 0;
    int deepest = 0;
    for (const TreeNode& node : tree.nodes) deepest = std::max(deepest, node.depth);
    return deepest - tree.nodes[0].depth;
}

int fitting_depth(const TreeModel& tree, const LayoutOptions& options, const std::function<bool(const TreeLayout&)>& fits) {
    LayoutOptions limited = options;
    limited.max_depth = -1;
    if (fits(layout_tree(tree, limited))) return -1;
    const int height = tree_height(tree);
    int depth = 1;
    for (int next = 2; next < height; ++next) {
        limited.max_depth = next;
        if (!fits(layout_tree(tree, limited))) break;
        depth = next;
    }
    return depth;
}

bool fits_window(const TreeLayout& layout, double width, double height, double zoom) {
    return layout.width * zoom <= width && layout.height * zoom <= height;
}

}  // namespace treelab
