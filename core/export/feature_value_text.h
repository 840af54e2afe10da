#pragma once
// The text of a feature's value, a threshold above all, as every view of a tree shows it (canvas,
// tooltips, inspector, Find, `treelab-cli rules`, DOT): a number, or in a date column's units, so a
// split on signup days reads "signup ≤ 2020-03-14" and one on its weekday "signup.weekday ≤ Wed".
// The C and Python sources and ONNX compare numbers and keep them.
#include <string>
#include <vector>

#include "core/data/feature_pipeline.h"
#include "core/model/tree_model.h"

namespace treelab {

// How each feature of `pipeline` reads, in feature_names order; empty when every one is a number.
std::vector<ValueUnit> feature_units(const FeaturePipeline& pipeline);

// The text of `value` of feature `feature` of `tree` (its feature_units; a number when it has none):
// a number with `digits` significant digits, or the last value of the feature's unit at or below
// `value`, so that with x ≤ t going left both "≤ text" and "> text" say what the split does. On
// whole days t = 18335.5 reads 2020-03-14: every day up to and including the 14th goes left. A
// date-time shows the minute, and the second (or millisecond) only when it is not a whole one; a
// column recorded without its time of day (an older model file) shows the exact date-time. Years
// read as whole numbers, months as Jan…Dec, weekdays as Mon…Sun; a value outside them, or not
// finite, as a number.
std::string feature_value_text(const TreeModel& tree, int feature, double value, int digits);

}  // namespace treelab
