#pragma once
// A model as one self-contained C99 file (libc and libm only), the whole prediction of
// `treelab-cli predict` from the raw row as the CSV gives it: the input pipeline, the tree
// (float32 axis comparisons, oblique splits, pruning, linear leaves) or LatentTrees' routing
// predictor. Compiled with -DTREELAB_MAIN it is a program that reads CSV rows on stdin and prints
// one prediction per line (c_source_runtime.h). The header comment documents the API and the
// level codes of categorical columns.
#include <string>

#include "core/model/model_file.h"

namespace treelab {

std::string c_source_export(const ModelFile& model);

}  // namespace treelab
