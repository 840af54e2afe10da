// split_text.h.
#include "core/export/split_text.h"

#include <cmath>

namespace treelab {

std::string uncrossed_split_text(const std::string& feature, double threshold) {
    if (std::isfinite(threshold)) return "";
    return feature + (threshold > 0 ? ": every row goes left" : ": every row goes right");
}

std::string uncrossed_branch_text(const std::string& feature, double threshold, bool left) {
    if (std::isfinite(threshold)) return "";
    const bool every = (threshold > 0) == left;  // +∞: every row left; −∞: every row right
    return feature + (every ? ": every row goes " : ": no row goes ") + (left ? "left" : "right");
}

std::string weight_scale_text(const TreeModel& tree) {
    return tree.weight_scale.empty() ? "" : "weights on the " + tree.weight_scale + " scale";
}

}  // namespace treelab
