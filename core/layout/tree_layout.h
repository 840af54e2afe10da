#pragma once
// Where each node of a TreeModel goes on a canvas or in a figure: a tidy top-down drawing
// (Reingold & Tilford 1981, in the linear-time form of Buchheim, Jünger & Leipert 2002), computed
// without Qt so it is testable without a display and shared by the canvas and `treelab-cli draw`.
//
// Ghost nodes (000 Fig. 3): pruned and empty nodes stay in the layout, flagged, so the positions
// depend only on the tree's shape. Trees of one complete depth (every LatentTrees model of depth
// D has all 2^(D+1) − 1 nodes, some pruned or empty) therefore get identical positions node for
// node whatever λ pruned, and can be compared side by side.
#include <unordered_set>
#include <vector>

#include "core/model/tree_model.h"

namespace treelab {

struct LayoutOptions {
    double node_width = 120.0, node_height = 60.0;  // every node box has this size
    double sibling_gap = 16.0;  // least horizontal space between two boxes of one level
    double level_gap = 40.0;    // vertical space between levels
    bool keep_ghosts = true;    // false: pruned and empty nodes (and their subtrees) are left out
    int max_depth = -1;         // nodes deeper than this are hidden; < 0 = no limit
    std::unordered_set<int> collapsed;  // nodes shown without their subtrees
    std::unordered_set<int> revealed;   // nodes shown despite max_depth (a search hit and its path)
};

struct NodeBox {
    int node = -1;
    int parent_box = -1;      // index of the parent's box, −1 for the root
    double x = 0.0, y = 0.0;  // centre of the box, in layout units (y grows downwards)
    bool ghost = false;       // pruned or empty: drawn greyed, dashed
    bool folded = false;      // has children that the depth limit or a collapse hides
};

struct TreeLayout {
    std::vector<NodeBox> boxes;    // visible nodes, in model order (parents before children)
    std::vector<int> box_of_node;  // index into boxes per model node, −1 when hidden
    double width = 0.0, height = 0.0;  // bounding box of all boxes, whose corner is (0, 0)
    double node_width = 0.0, node_height = 0.0;

    const NodeBox* box(int node) const {
        const int index = node >= 0 && node < static_cast<int>(box_of_node.size()) ? box_of_node[node] : -1;
        return index < 0 ? nullptr : &boxes[static_cast<std::size_t>(index)];
    }
};

// An empty tree gives an empty layout. Linear in the number of nodes, no recursion (CART trees
// may be thousands of levels deep).
TreeLayout layout_tree(const TreeModel& tree, const LayoutOptions& options = {});

// How many boxes layout_tree would draw, without laying them out (visits the drawn nodes only):
// whether a picture is worth building off the GUI thread.
std::size_t visible_node_count(const TreeModel& tree, const LayoutOptions& options = {});

}  // namespace treelab
