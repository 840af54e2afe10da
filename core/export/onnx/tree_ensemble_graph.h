#pragma once
// Internal to the ONNX writer: a tree whose splits are all axis-aligned, with constant leaves and
// no routing predictor, as one ai.onnx.ml TreeEnsembleClassifier (class probabilities as the
// leaves' class_weights, classlabels_strings; the graph's label by ArgMax of its probabilities,
// prediction_outputs.h) or TreeEnsembleRegressor, mode BRANCH_LEQ
// (TreeLab's x <= t goes left). Only the effective tree is written: a node whose chosen child is
// pruned stops there, so that child becomes a leaf holding the node's own prediction; a split no
// value crosses (threshold ±inf) is written as its one live side.
//
// Thresholds: the tree is first put in the data's units (core/export/data_units.h): each split's
// raw value r such that x <= r goes left exactly where the model's scaled (and, for CART, float32
// rounded) feature goes left. The ensemble reads the unscaled features as float32 f(x):
//   a model that compares in float32 (CART without scaling: f(x) <= t) gets the largest float32
//     not above t (float32_threshold.h), the same comparison bit for bit;
//   any other compares the double x: a float32 input stands for the shortest decimal that rounds
//     to it, the CSV's own value when that has at most 6 significant digits, and the threshold is
//     the float32 that splits those decimals at r (float32_threshold.h). Raw thresholds sit at
//     data values or just below them (a run of tied values), so rounding r either way would send
//     a whole tied value to the wrong side. A feature's imputed training mean (not a short
//     decimal, and a tied value where rows were missing) decides its own float32 instead.
#include <string>
#include <vector>

#include "core/export/onnx/graph_writer.h"
#include "core/model/tree_model.h"

namespace treelab::onnx_export {

// `tree` in data units; `imputed` each feature's imputed value (NaN for a feature without one);
// `features` the unscaled design matrix, double [N, features]. Adds the graph's outputs
// (prediction_outputs.h).
void add_tree_ensemble(GraphWriter& graph, const TreeModel& tree, const std::vector<double>& imputed, const std::string& features);

}  // namespace treelab::onnx_export
