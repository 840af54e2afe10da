// input_pipeline_graph.h.
#include "core/export/onnx/input_pipeline_graph.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "core/export/onnx/onnx_inputs.h"
#include "core/export/onnx/quantile_normal_graph.h"

namespace treelab::onnx_export {
namespace {

std::vector<std::int64_t> indices(std::int64_t count) {
    std::vector<std::int64_t> values(static_cast<std::size_t>(count));
    for (std::int64_t k = 0; k < count; ++k) values[static_cast<std::size_t>(k)] = k;
    return values;
}

bool leave_one_out(const InputColumn& input) { return input.encoding == CategoricalEncoding::LeaveOneOut; }

// The level index of each cell, `levels` (the count) for a cell that is no level.
std::string level_codes(GraphWriter& graph, const InputColumn& input, const std::string& text) {
    std::vector<std::string> keys = input.levels;
    std::vector<std::int64_t> values = indices(static_cast<std::int64_t>(keys.size()));
    for (std::size_t k = 0; k < input.levels.size(); ++k) {
        if (input.levels[k] != kMissingLevel) continue;
        keys.push_back("");  // a missing cell is this level too
        values.push_back(static_cast<std::int64_t>(k));
    }
    const std::string codes = graph.op("LabelEncoder", {text}, kMlDomain);
    attr_strings(graph.last(), "keys_strings", keys);
    attr_ints(graph.last(), "values_int64s", values);
    attr_int(graph.last(), "default_int64", static_cast<std::int64_t>(input.levels.size()));
    return codes;
}

// One-hot [N, levels], or leave-one-out [N, 1].
std::string categorical_block(GraphWriter& graph, const InputColumn& input, const std::string& text) {
    const std::string codes = level_codes(graph, input, text);
    const auto levels = static_cast<std::int64_t>(input.levels.size());
    if (!leave_one_out(input))
        return graph.cast(graph.op("Equal", {codes, graph.int64s("levels", indices(levels))}), onnx::TensorProto_DataType_DOUBLE);
    // Column `levels` is "no level" (missing or unseen): its encoding is the training mean. A
    // 0/1 row times these values is exactly the one value, as LeaveOneOutTable::value gives it.
    std::vector<double> encodings;
    for (std::size_t k = 0; k < input.levels.size(); ++k) encodings.push_back(input.leave_one_out.value(k));
    encodings.push_back(input.leave_one_out.value(std::nullopt));
    const std::string one_hot =
        graph.cast(graph.op("Equal", {codes, graph.int64s("levels", indices(levels + 1))}), onnx::TensorProto_DataType_DOUBLE);
    return graph.op("MatMul", {one_hot, graph.doubles("encodings", encodings, {levels + 1, 1})});
}

}  // namespace

std::string add_encoded_features(GraphWriter& graph, const FeaturePipeline& pipeline) {
    const std::vector<OnnxInput> inputs = onnx_inputs(pipeline);
    for (const OnnxInput& input : inputs) {
        graph.reserve(input.name);
        if (input.text)
            graph.input(input.name, onnx::TensorProto_DataType_STRING, {-1, 1});
        else
            graph.input(input.name, onnx::TensorProto_DataType_FLOAT, {-1, static_cast<std::int64_t>(input.columns.size())});
    }
    // Blocks of columns, concatenated, then gathered into the pipeline's feature order.
    std::vector<std::string> blocks;
    std::int64_t width = 0;
    std::vector<double> means;
    bool indicators = false;
    for (const InputColumn& input : pipeline.inputs) {
        if (input.kind != ColumnKind::Numeric) continue;
        means.push_back(input.impute_value);
        indicators = indicators || input.missing_indicator;
    }
    const auto numeric = static_cast<std::int64_t>(means.size());
    if (numeric > 0) {
        const std::string x = graph.cast(inputs.front().name, onnx::TensorProto_DataType_DOUBLE);
        const std::string missing = graph.op("IsNaN", {x});
        blocks.push_back(graph.op("Where", {missing, graph.doubles("training_means", means), x}));
        if (indicators) blocks.push_back(graph.cast(missing, onnx::TensorProto_DataType_DOUBLE));
        width = indicators ? 2 * numeric : numeric;
    }
    std::vector<std::int64_t> order;
    std::int64_t numeric_seen = 0;
    std::size_t text_input = numeric > 0 ? 1 : 0;
    for (const InputColumn& input : pipeline.inputs) {
        if (input.kind == ColumnKind::Numeric) {
            order.push_back(numeric_seen);
            if (input.missing_indicator) order.push_back(numeric + numeric_seen);
            ++numeric_seen;
            continue;
        }
        blocks.push_back(categorical_block(graph, input, inputs[text_input++].name));
        const std::int64_t columns = leave_one_out(input) ? 1 : static_cast<std::int64_t>(input.levels.size());
        for (std::int64_t k = 0; k < columns; ++k) order.push_back(width + k);
        width += columns;
    }
    std::string all = blocks.front();
    if (blocks.size() > 1) {
        all = graph.op("Concat", blocks);
        attr_int(graph.last(), "axis", 1);
    }
    if (order == indices(width)) return all;
    const std::string features = graph.op("Gather", {all, graph.int64s("feature_order", order)});
    attr_int(graph.last(), "axis", 1);
    return features;
}

std::string add_scaling(GraphWriter& graph, const FeaturePipeline& pipeline, const std::string& features) {
    switch (pipeline.scaling) {
        case Scaling::ZScore: {
            const std::vector<double> center(pipeline.center.begin(), pipeline.center.end());
            const std::vector<double> scale(pipeline.scale.begin(), pipeline.scale.end());
            return graph.op("Div", {graph.op("Sub", {features, graph.doubles("zscore_center", center)}),
                                    graph.doubles("zscore_scale", scale)});
        }
        case Scaling::QuantileNormal:
            return add_quantile_normal(graph, pipeline.quantiles, features);
        case Scaling::None:
            break;
    }
    return features;
}

}  // namespace treelab::onnx_export
