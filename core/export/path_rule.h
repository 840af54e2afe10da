#pragma once
// The rule a row satisfies to reach a node, read from the root down: "Mg ≤ 2.7 and Al > 1.4".
// The canvas's tooltips and node inspector show it (Orange's tree viewer lists the same path;
// a dtreeviz feature request, github.com/parrt/dtreeviz/issues/278, asks for it by node id). Same left/right convention as TreeModel: left iff
// x_k ≤ t (resp. w·x ≤ t).
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

struct PathRuleOptions {
    int significant_digits = 4;
    int oblique_terms = 3;  // largest |weights| written for an oblique split, "+ …" for the rest
};

// One condition per split on the way from the root to `node`, root first. Bounds on the same
// feature merge into one condition at the feature's first appearance ("1.4 < Al ≤ 2"), so deep
// paths that split one feature repeatedly stay short. Conditions that say nothing (x ≤ +∞ below
// a split every row passes left, data_units.h) are left out; one no row meets reads "no value of
// Ba". Empty for the root. Throws Error when `node` is out of range.
std::vector<std::string> path_conditions(const TreeModel& tree, int node, const std::vector<std::string>& feature_names,
                                         const PathRuleOptions& options = {});
// The conditions joined by " and "; "all rows" for the root (or a path of conditions that say
// nothing); then, when oblique weights are not in the data's units, "(weights on the
// quantile-normal scale)".
std::string path_rule(const TreeModel& tree, int node, const std::vector<std::string>& feature_names,
                      const PathRuleOptions& options = {});

}  // namespace treelab
