#pragma once
// Internal to the ONNX writer: the feature pipeline (core/data/feature_pipeline.h) as ONNX
// operators, in double so that every feature is the value FeaturePipeline::transform computes
// from the same input (a float32 input value widened to double).
//   numeric column:   Cast to double; IsNaN, Where(NaN, training mean, x); the indicator
//                     "<name>=NA" as Cast(IsNaN) to 0/1;
//   categorical:      LabelEncoder (ai.onnx.ml) from the cell text to the level's index (missing:
//                     the "?" level when the pipeline has one; unseen: none), then one-hot as
//                     Equal with the level indices, or leave-one-out as that one-hot (plus a
//                     column for "no level") times the levels' encodings, one MatMul;
//   the features put in the pipeline's order by one Gather over the columns;
//   z-score:          Sub, Div;
//   quantile-normal:  quantile_normal_graph.h.
#include <string>

#include "core/data/feature_pipeline.h"
#include "core/export/onnx/graph_writer.h"

namespace treelab::onnx_export {

// Declares the graph inputs (onnx_inputs.h) and returns the design matrix before scaling,
// double [N, features].
std::string add_encoded_features(GraphWriter& graph, const FeaturePipeline& pipeline);
// The pipeline's scaling of `features` (double [N, features]).
std::string add_scaling(GraphWriter& graph, const FeaturePipeline& pipeline, const std::string& features);

}  // namespace treelab::onnx_export
