// prediction_outputs.h.
#include "core/export/onnx/prediction_outputs.h"

namespace treelab::onnx_export {

void add_class_outputs(GraphWriter& graph, const std::vector<std::string>& class_names, const std::string& probabilities) {
    graph.reserve(kLabelOutput);
    graph.reserve(kProbabilitiesOutput);
    // ArgMax keeps the first maximum (select_last_index = 0), as numpy's argmax does.
    const std::string best = graph.op("ArgMax", {probabilities});
    attr_int(graph.last(), "axis", 1);
    attr_int(graph.last(), "keepdims", 0);
    graph.node("Gather", {graph.strings("class_names", class_names), best}, {kLabelOutput});
    graph.node("Cast", {probabilities}, {kProbabilitiesOutput});
    attr_int(graph.last(), "to", onnx::TensorProto_DataType_FLOAT);
    graph.output(kLabelOutput, onnx::TensorProto_DataType_STRING, {-1});
    graph.output(kProbabilitiesOutput, onnx::TensorProto_DataType_FLOAT, {-1, static_cast<std::int64_t>(class_names.size())});
}

void add_value_output(GraphWriter& graph, const std::string& values) {
    graph.reserve(kValueOutput);
    graph.node("Cast", {values}, {kValueOutput});
    attr_int(graph.last(), "to", onnx::TensorProto_DataType_FLOAT);
    graph.output(kValueOutput, onnx::TensorProto_DataType_FLOAT, {-1, 1});
}

}  // namespace treelab::onnx_export
