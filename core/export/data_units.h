#pragma once
// The tree every view shows (canvas, tooltips, inspector, Find, `treelab-cli rules` and `draw`):
// its splits in the data's units, as a user reads CART's. Prediction and routing keep using the
// model's own tree on its scaled features; only what is shown changes.
//   Axis-aligned split on a scaled feature: the raw value r where routing changes
//     (core/data/raw_threshold.h): a row goes left iff x ≤ r, a tie included. A threshold that
//     no value crosses becomes +∞ (every row goes left) or −∞ (every row goes right).
//   Indicator feature (one-hot "Sex=male", missing "Mg=NA"; values 0 and 1): 0.5, or ±∞ as above.
//   Oblique split and linear leaf under z-score (z_j = (x_j − c_j)/s_j): folded into weights on
//     the data's units, w·z ≤ t ⇔ Σ (w_j/s_j)·x_j ≤ t + Σ w_j·c_j/s_j, as GET's export folds its
//     own scaling (core/learners/get/unit_scaling.h).
//   Oblique split and linear leaf under quantile-normal scaling (not affine, nothing to fold):
//     kept, and TreeModel::weight_scale says which scale their weights are on.
// Without scaling the tree is returned as it is. Either way it says how each feature's values read
// (TreeModel::feature_units: a date column's as dates, feature_value_text.h).
#include "core/data/feature_pipeline.h"
#include "core/model/model_file.h"
#include "core/model/tree_model.h"

namespace treelab {

// Throws treelab::Error when the pipeline's features are not the tree's.
TreeModel tree_in_data_units(const TreeModel& tree, const FeaturePipeline& pipeline);
TreeModel tree_in_data_units(const ModelFile& model);

}  // namespace treelab
