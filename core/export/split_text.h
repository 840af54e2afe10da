#pragma once
// What the texts of a tree from tree_in_data_units (data_units.h) say beyond its numbers, in one
// place for the canvas, tooltips, inspector, Find and `treelab-cli rules`.
#include <string>

#include "core/model/tree_model.h"

namespace treelab {

// An axis-aligned split no value crosses (an infinite threshold): "Ba: every row goes left" or
// "Ba: every row goes right"; empty for a finite threshold.
std::string uncrossed_split_text(const std::string& feature, double threshold);
// One branch of such a split: "Ba: every row goes left" or "Ba: no row goes right", and so on.
std::string uncrossed_branch_text(const std::string& feature, double threshold, bool left);

// "weights on the quantile-normal scale" when the tree's oblique weights are not in the data's
// units (TreeModel::weight_scale), else empty.
std::string weight_scale_text(const TreeModel& tree);

// The tie rule every threshold follows, for a legend or the inspector.
inline constexpr const char* kTieRuleText = "a row whose value equals a threshold goes left (x ≤ t)";

}  // namespace treelab
