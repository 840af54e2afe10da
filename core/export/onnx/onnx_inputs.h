#pragma once
// The inputs of an exported ONNX model, one per kind of column the CSV gave:
//   "X": float32 [N, numeric columns], the numeric input columns in the CSV's order (the target
//        and dropped columns left out), a missing value as NaN; absent when no input is numeric;
//   then one string tensor [N, 1] per categorical column, named by the column (with "_text" added
//        where that name is X or an output's), holding the cell's
//        text as the CSV gave it, a missing value as "" (or "?", which TreeLab also reads as missing).
// For an all-numeric table the model has the one input X.
#include <string>
#include <vector>

#include "core/data/feature_pipeline.h"

namespace treelab {

struct OnnxInput {
    std::string name;
    bool text = false;                 // string tensor [N, 1]; otherwise float32 [N, columns.size()]
    std::vector<std::string> columns;  // the CSV columns it holds, in order
};

std::vector<OnnxInput> onnx_inputs(const FeaturePipeline& pipeline);

}  // namespace treelab
