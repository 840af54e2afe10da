// onnx_inputs.h.
#include "core/export/onnx/onnx_inputs.h"

#include <algorithm>

namespace treelab {

std::vector<OnnxInput> onnx_inputs(const FeaturePipeline& pipeline) {
    OnnxInput numeric{"X", false, {}};
    std::vector<OnnxInput> texts;
    for (const InputColumn& input : pipeline.inputs) {
        if (input.kind == ColumnKind::Numeric)
            numeric.columns.push_back(input.name);
        else
            texts.push_back({input.name, true, {input.name}});
    }
    std::vector<OnnxInput> inputs;
    if (!numeric.columns.empty()) inputs.push_back(numeric);
    // A categorical column called X, or like an output, would take that name: its input gets a suffix.
    const auto taken = [&](const std::string& name) {
        return name == "label" || name == "probabilities" || name == "variable" ||
               std::any_of(inputs.begin(), inputs.end(), [&](const OnnxInput& other) { return other.name == name; });
    };
    for (OnnxInput& text : texts) {
        while (taken(text.name)) text.name += "_text";
        inputs.push_back(text);
    }
    return inputs;
}

}  // namespace treelab
