#pragma once
// The tree as indented if/else rules, in the layout of scikit-learn's export_text:
//   |--- petal_width <= 0.8
//   |   |--- class: setosa
//   |--- petal_width >  0.8
// Numbers use `significant_digits` significant digits (sklearn's fixed 2 decimals would print
// 1.52 for a threshold between 1.5172 and 1.5176). Pruned nodes are left out; a node whose
// chosen child is pruned prints as a leaf on that side. A linear leaf prints as its formula,
//   |   |--- value: 152.1 + 3.2*bmi + -1.1*s5
// every nonzero slope written as the oblique splits' weights are. Given a tree from
// tree_in_data_units (data_units.h), thresholds are in the data's units (a date column's as dates,
// "signup <= 2020-03-14": feature_value_text.h); a split no value crosses
// reads "Ba: every row goes left" and "Ba: no row goes right" (or the other way round); and a first line
// says so when oblique weights are on a scale of their own ("# oblique splits: weights on the
// quantile-normal scale ...").
#include <string>

#include "core/model/tree_model.h"

namespace treelab {

struct RulesOptions {
    int significant_digits = 6;
    bool show_counts = true;  // "(n = 12)" after each leaf
};

std::string rules_text(const TreeModel& model, const RulesOptions& options = {});

}  // namespace treelab
