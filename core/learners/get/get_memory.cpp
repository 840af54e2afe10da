// GET's memory: a batch's workspace (get_forward.h) holds the margins and the soft indicators of
// every internal node, the reach of every node and, for linear leaves, one column per leaf:
// batch × about 4·2^D (5·2^D with linear leaves); the hard tree's margins cover every training
// row. Full batch (004 §4.3, batch_size=full, or auto up to kFullBatchRows rows) makes the batch
// the training set: depth and batch_size drive it.
#include <algorithm>
#include <cmath>

#include "core/learners/get/get_learner.h"
#include "core/learners/get/get_settings.h"

namespace treelab {

MemoryEstimate get_memory_estimate(const DataShape& shape, const ParamValues& params) {
    const bool auto_depth = !params.is_number("depth");
    const int depth = auto_depth ? get::kAutoMaxDepth : static_cast<int>(params.real("depth"));
    const double rows = static_cast<double>(shape.rows), features = static_cast<double>(shape.features);
    const std::string batch_text = params.text("batch_size");
    const double batch = batch_text == "full"                                                  ? rows
                         : batch_text == "auto" && rows <= static_cast<double>(get::kFullBatchRows) ? rows
                         : batch_text == "auto"                                                ? double{get::kAutoBatchRows}
                                                                                               : std::min(rows, params.real("batch_size"));
    const double internal = std::ldexp(1.0, depth) - 1.0, leaves = internal + 1.0;
    const double linear = params.text("leaf_model") == "linear" ? leaves : 0.0;
    const double workspace = matrix_bytes(batch, 2.0 * internal + (2.0 * leaves - 1.0) + linear + 1.0);
    // The hard tree's margins and leaves on every training row; the inputs and target scaled to [0, 1].
    const double hard = matrix_bytes(rows, internal + 1.0) + matrix_bytes(rows, features + 1.0) * 2.0;
    const double tree = matrix_bytes(internal, features + 1.0) + matrix_bytes(leaves, features + static_cast<double>(shape.outputs));
    const double bytes = 2.0 * workspace + hard + 12.0 * tree;
    const std::string depth_text = auto_depth ? "up to depth " + std::to_string(depth) + " (depth=auto)" : "at depth " + std::to_string(depth);
    return {bytes, "GET " + depth_text + " with batches of " + std::to_string(static_cast<long long>(batch)) + " rows",
            "Lower depth or batch_size (a number of rows instead of full)."};
}

}  // namespace treelab
