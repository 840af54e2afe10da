#pragma once
// Weighted sums of features as the canvas, the tooltips and the path rules write them: an oblique
// split's w·x and a linear leaf's h + k·x (tree_model.h), the largest |weights| first and "+ …"
// for the rest, so long sums stay short.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

// names[k], or "x<k>" past the names.
std::string feature_label(const std::vector<std::string>& names, Eigen::Index k);

// Indices of the largest |weights| (by |w_k|·spread_k when `spread` is given: TreeModel::
// weight_spread), largest first, at most `count`; zero weights (e.g. the regressed columns of a
// self-supervised tree, 000 §4.2) never appear.
std::vector<Eigen::Index> largest_weights(const Eigen::VectorXd& weights, int count, const Eigen::VectorXd& spread = {});

// "3.2·bmi − 1.1·s5 + …" over the `terms` largest weights (as largest_weights ranks them) with
// `digits` significant digits; "0" when every weight is 0.
std::string weighted_sum_text(const Eigen::VectorXd& weights, const std::vector<std::string>& names, int digits, int terms,
                              const Eigen::VectorXd& spread = {});

// A regression node's prediction: "152.1" for a constant leaf, "152.1 + 3.2·bmi − 1.1·s5 + …" for a
// linear one (its nonzero slopes, the largest `terms` of them).
std::string leaf_value_text(const TreeNode& node, const std::vector<std::string>& names, int digits, int terms,
                            const Eigen::VectorXd& spread = {});

}  // namespace treelab
