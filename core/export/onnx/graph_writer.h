#pragma once
// Internal to the ONNX writer: a thin layer over onnx::GraphProto that adds nodes, attributes and
// constant tensors (initializers) under fresh value names, so the model builders read as the
// computation they emit.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace treelab::onnx_export {

inline const std::string kMlDomain = "ai.onnx.ml";

class GraphWriter {
public:
    explicit GraphWriter(onnx::GraphProto& graph) : graph_(graph) {}

    // A value name no other value of the graph has, built from `stem`.
    std::string fresh(const std::string& stem);
    // Claims `name` for a graph input or output; throws Error when it is taken.
    void reserve(const std::string& name);

    // A node of `op` reading `inputs` and writing one fresh output, whose name it returns.
    std::string op(const std::string& op, const std::vector<std::string>& inputs, const std::string& domain = "");
    // The same, returning the node so that attributes can be added; `outputs` are given.
    onnx::NodeProto& node(const std::string& op, const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                          const std::string& domain = "");
    // The node `op` just added (to set its attributes).
    onnx::NodeProto& last() { return *graph_.mutable_node(graph_.node_size() - 1); }

    // Constant tensors; `dims` empty means a 1-D tensor of the values.
    std::string doubles(const std::string& stem, const std::vector<double>& values, std::vector<std::int64_t> dims = {});
    std::string int64s(const std::string& stem, const std::vector<std::int64_t>& values, std::vector<std::int64_t> dims = {});
    std::string strings(const std::string& stem, const std::vector<std::string>& values);

    // Graph inputs and outputs: element type, and shape with "N" the rows (-1 = unknown).
    void input(const std::string& name, onnx::TensorProto_DataType type, const std::vector<std::int64_t>& shape);
    void output(const std::string& name, onnx::TensorProto_DataType type, const std::vector<std::int64_t>& shape);

    // Common shapes of the computation.
    std::string cast(const std::string& value, onnx::TensorProto_DataType to);
    std::string reshape(const std::string& value, const std::vector<std::int64_t>& shape);

private:
    onnx::GraphProto& graph_;
    std::set<std::string> names_;
    int counter_ = 0;
};

void attr_int(onnx::NodeProto& node, const std::string& name, std::int64_t value);
void attr_float(onnx::NodeProto& node, const std::string& name, float value);
void attr_string(onnx::NodeProto& node, const std::string& name, const std::string& value);
void attr_ints(onnx::NodeProto& node, const std::string& name, const std::vector<std::int64_t>& values);
void attr_floats(onnx::NodeProto& node, const std::string& name, const std::vector<float>& values);
void attr_strings(onnx::NodeProto& node, const std::string& name, const std::vector<std::string>& values);

}  // namespace treelab::onnx_export
