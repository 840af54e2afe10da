#pragma once
// GET's first start (maoqiangqiang/GET GET/warmStart.py): the CART tree of the
// same depth as GET parameters, so that start and the CART fallback make GET's training objective
// never worse than CART's.
#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/learners/get/get_parameter_layout.h"
#include "core/learners/get/unit_scaling.h"
#include "core/model/tree_model.h"

namespace treelab::get {

// TreeLab's CART on `train` with max_depth = spec.depth, min_samples_leaf 1 and seed 0 (the code's
// DecisionTreeRegressor(max_depth=D, min_samples_leaf=1, random_state=0)); its default criterion
// (squared error, or gini for classes).
TreeModel grow_depth_limited_cart(const Spec& spec, const Dataset& train);

// `cart` (at most spec.depth levels) as parameters on the unit scale: a split on x_k <= θ becomes
// a = e_k, b = (θ − low_k)·factor_k; a CART leaf above the last level becomes a chain of a = 0,
// b = 0 nodes (0 <= 0 sends every row left, as in the code) and its value goes to every leaf below
// it (the code puts it in the leftmost and leaves the others at their initial values; here the
// soft routing's mass that σ(0) = 1/2 sends right meets the same value, so the soft objective
// starts at CART's). Leaf values: the unit-scaled mean, or the log class frequencies; linear
// leaves start with slopes k = 0 (a CART leaf is the linear leaf with k = 0).
Eigen::VectorXd cart_parameters(const Spec& spec, const TreeModel& cart, const UnitScaling& scaling);

}  // namespace treelab::get
