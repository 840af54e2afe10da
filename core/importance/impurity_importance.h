#pragma once
// Mean decrease in impurity (Breiman et al. 1984 §5.3.4; Breiman 2001 §10), as scikit-learn
// 1.2.1's feature_importances_: per feature the sum over the splits on it of
// N_t·i(t) − N_L·i(t_L) − N_R·i(t_R) (N weighted node sizes, i the node impurity), normalised to
// sum 1 (all zeros for a tree that is a single leaf).
#include <Eigen/Core>

#include "core/forest/random_forest.h"
#include "core/model/tree_model.h"

namespace treelab {

// Per model feature, for an axis-aligned tree whose nodes carry samples and impurity (CART's);
// pruned nodes are not part of the tree. Throws Error for an oblique split or a missing impurity.
Eigen::VectorXd impurity_importance(const TreeModel& tree);
// The mean of the trees' normalised importances (sklearn's forest feature_importances_).
Eigen::VectorXd impurity_importance(const RandomForest& forest);

}  // namespace treelab
