#pragma once
// Internal to the ONNX writer: the graph outputs every exported model ends in, as
// TreeEnsembleClassifier/Regressor name and shape them:
//   classification: "label", string [N], the predicted class names (the most probable class, the
//                   lowest index on ties, as TreeLab's argmax), then "probabilities", float [N, C];
//   regression:     "variable", float [N, 1].
#include <string>
#include <vector>

#include "core/export/onnx/graph_writer.h"

namespace treelab::onnx_export {

inline const std::string kLabelOutput = "label";
inline const std::string kProbabilitiesOutput = "probabilities";
inline const std::string kValueOutput = "variable";

// From class probabilities [N, C] in double (ArgMax picks the class before the cast to float32)
// or float32 (TreeEnsembleClassifier's).
void add_class_outputs(GraphWriter& graph, const std::vector<std::string>& class_names, const std::string& probabilities);
// From values in double [N, 1].
void add_value_output(GraphWriter& graph, const std::string& values);

}  // namespace treelab::onnx_export
