#pragma once
// A saved model as an ONNX model (onnx::ModelProto, serialised): the feature pipeline and the tree
// as one graph that predicts what TreeLab predicts. Opsets: ai.onnx 17 and ai.onnx.ml 3 (what
// ONNX 1.12's checker knows and onnxruntime runs), IR version 8.
//   Inputs (onnx_inputs.h): "X" float32 [N, numeric columns] in the CSV's column order, and one
//     string tensor [N, 1] per categorical column.
//   Outputs: "label" string [N] and "probabilities" float32 [N, C] for classes, "variable"
//     float32 [N, 1] for a value.
// Which graph a model becomes:
//   axis-aligned splits, constant leaves, no routing predictor of the target (CART, GradTree, any
//     learner's such tree): TreeEnsembleClassifier/Regressor (tree_ensemble_graph.h);
//   oblique splits or linear leaves (GET, DGT, LatentTrees in self-supervised mode): hard routing
//     by standard operators (hard_routing_graph.h);
//   LatentTrees' routing predictor of the target: soft routing and dense layers
//     (routing_predictor_graph.h).
// Every model the five learners produce is expressed. Throws treelab::Error for an inconsistent
// model (TreeModel::validate fails; the pipeline does not make the tree's features; a quantile
// scaling fitted on unequal numbers of quantiles, which TreeLab never writes). The caller writes
// the bytes atomically (core/io/atomic_file.h).
#include <string>

#include "core/model/model_file.h"

namespace treelab {

std::string onnx_model_bytes(const ModelFile& model);

}  // namespace treelab
