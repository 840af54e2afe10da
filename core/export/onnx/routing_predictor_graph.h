#pragma once
// Internal to the ONNX writer: a LatentTrees model whose routing predictor predicts the target
// (000 §3.3) as a graph of standard operators, in double on the scaled features Z [N, F]:
//   1. split scores of every internal node at once, s = Z·Wᵀ + b (MatMul, Add), through ELU
//      (Where(s > 0, s, Exp(s) − 1)) when the model's splits use it;
//   2. the path scores q (000 eq. 1, soft_routing.h) level by level: the children of the nodes of
//      level d are, in heap order, min(q_parent, −s) and min(q_parent, +s), one Min over
//      [N, 2^d, 2] and a Reshape per level;
//   3. the leaves' traversal z = min(clamp(q, 0, 1), a_t) (000 Prop. 1; Max, Min);
//   4. the dense layers of f_φ on [Z, z_leaves] (Concat; MatMul, Add, ELU between layers);
//   5. Softmax for class probabilities, or the first output as the value.
#include <string>

#include "core/export/onnx/graph_writer.h"
#include "core/model/tree_model.h"

namespace treelab::onnx_export {

void add_routing_predictor(GraphWriter& graph, const TreeModel& tree, const std::string& features);

}  // namespace treelab::onnx_export
