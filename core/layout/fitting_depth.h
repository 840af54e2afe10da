#pragma once
// Which display depth to draw a huge tree at (a full CART on a million rows has 173,435 leaves): the deepest limit whose layout still
// passes a test (fits a window at a readable zoom, stays under a node budget), so the canvas and
// `treelab-cli draw` open a 173,435-leaf CART on something readable, not on a smear of boxes.
#include <functional>

#include "core/layout/tree_layout.h"

namespace treelab {

// Deepest level below the root of the visible tree (0 for a lone root or an empty tree).
int tree_height(const TreeModel& tree);

// −1 when the whole tree (options.max_depth ignored) passes `fits`; else the deepest depth
// d >= 1 whose layout passes, or 1 when none does (the root and its children always show).
// Layouts grow with the depth, so the search stops at the first depth that fails. Depths are
// counted from the root (as TreeNode::depth of a root at depth 0).
int fitting_depth(const TreeModel& tree, const LayoutOptions& options, const std::function<bool(const TreeLayout&)>& fits);

// What a figure of a tree draws unasked (`treelab-cli draw`, File > Export view): every node when
// the layout has at most kFigureNodeBudget boxes (a full-detail SVG of about 3.5 MB), else the
// deepest depth that stays within it, as fitting_depth gives it.
inline constexpr std::size_t kFigureNodeBudget = 1000;
int figure_depth(const TreeModel& tree, const LayoutOptions& options);

// A layout fits a window of width × height pixels at `zoom` pixels per layout unit.
bool fits_window(const TreeLayout& layout, double width, double height, double zoom);

}  // namespace treelab
