#pragma once
// The column kinds a standalone export (C, Python, ONNX) can apply to raw inputs: numbers, and
// text one-hot or leave-one-out encoded. Text read as dates, numbers with thousands separators or
// percentages, and ordinal ranks are applied by TreeLab's own predict only.
#include <string>

#include "core/data/feature_pipeline.h"

namespace treelab {

// Throws Error naming the export, the first column it cannot apply and that column's kind.
void require_exportable_columns(const FeaturePipeline& pipeline, const std::string& export_name);

}  // namespace treelab
