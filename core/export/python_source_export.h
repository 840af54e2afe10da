#pragma once
// A model as one plain Python 3 file (standard library only) that predicts what
// `treelab-cli predict` predicts, the same arithmetic in the same order as the C export
// (c_source_export.h): predict(row), predict_proba(row), and run as a script it reads CSV rows on
// stdin and prints one prediction per line (python_source_runtime.h).
#include <string>

#include "core/model/model_file.h"

namespace treelab {

std::string python_source_export(const ModelFile& model);

}  // namespace treelab
