#pragma once
// Internal to the ONNX writer: a tree with oblique splits or linear leaves, routed hard, as a
// graph of standard operators, all in double on the model's scaled features Z [N, F]:
//   1. every split decision at once: S = Z·W (one MatMul; W's column of an axis-aligned split is
//      the unit vector of its feature, so S holds that feature exactly), L = LessOrEqual(S, t);
//   2. the walk, one step per level of the effective tree: from the node each row is at, Gather
//      its split's column of L (GatherElements) and its next node on either side (Gather), and
//      Where picks one. A leaf's, or a pruned child's, next node is the node itself, so a row
//      stays where TreeLab's routing stops it (tree_model.h);
//   3. the stopping node's distribution (Gather), plus for a linear leaf the row's dot product
//      with its slopes (Gather, Mul, ReduceSum).
// The walk's values are TreeLab's own (the same double products up to the order of the sums in
// the MatMul), so a row routes differently only when w·z is within rounding of a threshold.
#include <string>

#include "core/export/onnx/graph_writer.h"
#include "core/model/tree_model.h"

namespace treelab::onnx_export {

// `features`: the scaled design matrix, double [N, F]. Adds the graph's outputs (prediction_outputs.h).
void add_hard_routing(GraphWriter& graph, const TreeModel& tree, const std::string& features);

}  // namespace treelab::onnx_export
