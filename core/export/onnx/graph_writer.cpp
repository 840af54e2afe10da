// graph_writer.h.
#include "core/export/onnx/graph_writer.h"

#include "core/error.h"

namespace treelab::onnx_export {
namespace {

onnx::AttributeProto& add_attribute(onnx::NodeProto& node, const std::string& name, onnx::AttributeProto_AttributeType type) {
    onnx::AttributeProto& attribute = *node.add_attribute();
    attribute.set_name(name);
    attribute.set_type(type);
    return attribute;
}

void set_shape(onnx::ValueInfoProto& info, const std::string& name, onnx::TensorProto_DataType type,
               const std::vector<std::int64_t>& shape) {
    info.set_name(name);
    onnx::TypeProto_Tensor& tensor = *info.mutable_type()->mutable_tensor_type();
    tensor.set_elem_type(type);
    for (const std::int64_t size : shape) {
        onnx::TensorShapeProto_Dimension& dim = *tensor.mutable_shape()->add_dim();
        if (size >= 0)
            dim.set_dim_value(size);
        else
            dim.set_dim_param("N");
    }
}

}  // namespace

std::string GraphWriter::fresh(const std::string& stem) {
    std::string name = stem;
    while (names_.count(name)) name = stem + "_" + std::to_string(++counter_);
    names_.insert(name);
    return name;
}

void GraphWriter::reserve(const std::string& name) {
    if (!names_.insert(name).second) throw Error("two ONNX inputs or outputs would both be named '" + name + "'");
}

onnx::NodeProto& GraphWriter::node(const std::string& op, const std::vector<std::string>& inputs,
                                   const std::vector<std::string>& outputs, const std::string& domain) {
    onnx::NodeProto& node = *graph_.add_node();
    node.set_op_type(op);
    node.set_name(fresh(op));
    if (!domain.empty()) node.set_domain(domain);
    for (const std::string& input : inputs) node.add_input(input);
    for (const std::string& output : outputs) node.add_output(output);
    return node;
}

std::string GraphWriter::op(const std::string& op, const std::vector<std::string>& inputs, const std::string& domain) {
    const std::string output = fresh(op + "_out");
    node(op, inputs, {output}, domain);
    return output;
}

std::string GraphWriter::doubles(const std::string& stem, const std::vector<double>& values, std::vector<std::int64_t> dims) {
    onnx::TensorProto& tensor = *graph_.add_initializer();
    tensor.set_name(fresh(stem));
    tensor.set_data_type(onnx::TensorProto_DataType_DOUBLE);
    if (dims.empty()) dims = {static_cast<std::int64_t>(values.size())};
    for (const std::int64_t dim : dims) tensor.add_dims(dim);
    for (const double value : values) tensor.add_double_data(value);
    return tensor.name();
}

std::string GraphWriter::int64s(const std::string& stem, const std::vector<std::int64_t>& values, std::vector<std::int64_t> dims) {
    onnx::TensorProto& tensor = *graph_.add_initializer();
    tensor.set_name(fresh(stem));
    tensor.set_data_type(onnx::TensorProto_DataType_INT64);
    if (dims.empty()) dims = {static_cast<std::int64_t>(values.size())};
    for (const std::int64_t dim : dims) tensor.add_dims(dim);
    for (const std::int64_t value : values) tensor.add_int64_data(value);
    return tensor.name();
}

std::string GraphWriter::strings(const std::string& stem, const std::vector<std::string>& values) {
    onnx::TensorProto& tensor = *graph_.add_initializer();
    tensor.set_name(fresh(stem));
    tensor.set_data_type(onnx::TensorProto_DataType_STRING);
    tensor.add_dims(static_cast<std::int64_t>(values.size()));
    for (const std::string& value : values) tensor.add_string_data(value);
    return tensor.name();
}

void GraphWriter::input(const std::string& name, onnx::TensorProto_DataType type, const std::vector<std::int64_t>& shape) {
    set_shape(*graph_.add_input(), name, type, shape);
}

void GraphWriter::output(const std::string& name, onnx::TensorProto_DataType type, const std::vector<std::int64_t>& shape) {
    set_shape(*graph_.add_output(), name, type, shape);
}

std::string GraphWriter::cast(const std::string& value, onnx::TensorProto_DataType to) {
    const std::string output = op("Cast", {value});
    attr_int(last(), "to", to);
    return output;
}

std::string GraphWriter::reshape(const std::string& value, const std::vector<std::int64_t>& shape) {
    return op("Reshape", {value, int64s("shape", shape)});
}

void attr_int(onnx::NodeProto& node, const std::string& name, std::int64_t value) {
    add_attribute(node, name, onnx::AttributeProto_AttributeType_INT).set_i(value);
}

void attr_float(onnx::NodeProto& node, const std::string& name, float value) {
    add_attribute(node, name, onnx::AttributeProto_AttributeType_FLOAT).set_f(value);
}

void attr_string(onnx::NodeProto& node, const std::string& name, const std::string& value) {
    add_attribute(node, name, onnx::AttributeProto_AttributeType_STRING).set_s(value);
}

void attr_ints(onnx::NodeProto& node, const std::string& name, const std::vector<std::int64_t>& values) {
    onnx::AttributeProto& attribute = add_attribute(node, name, onnx::AttributeProto_AttributeType_INTS);
    for (const std::int64_t value : values) attribute.add_ints(value);
}

void attr_floats(onnx::NodeProto& node, const std::string& name, const std::vector<float>& values) {
    onnx::AttributeProto& attribute = add_attribute(node, name, onnx::AttributeProto_AttributeType_FLOATS);
    for (const float value : values) attribute.add_floats(value);
}

void attr_strings(onnx::NodeProto& node, const std::string& name, const std::vector<std::string>& values) {
    onnx::AttributeProto& attribute = add_attribute(node, name, onnx::AttributeProto_AttributeType_STRINGS);
    for (const std::string& value : values) attribute.add_strings(value);
}

}  // namespace treelab::onnx_export
