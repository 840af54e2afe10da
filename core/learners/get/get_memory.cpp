// GET's memory: the soft objective (get_objective.h) routes a batch in chunks of rows whose
// workspace (margins, indicators and reach of every node, one column per leaf for linear leaves;
// get_forward.h) holds about kChunkValues values, one workspace per thread, and sums the gradient
// in at most kMaxBlocks blocks, each a copy of the parameters (2^D × features). Adam's moments, the
// best parameters of every stage and start, and the hard tree's leaves on every training row come
// on top. Depth drives it (each level doubles the parameters and the chunk's width).
#include <algorithm>
#include <cmath>
#include <thread>

#include "core/learners/get/get_learner.h"
#include "core/learners/get/get_objective.h"
#include "core/learners/get/get_settings.h"

namespace treelab {

MemoryEstimate get_memory_estimate(const DataShape& shape, const ParamValues& params) {
    const bool auto_depth = !params.is_number("depth");
    const int depth = auto_depth ? get::kAutoMaxDepth : static_cast<int>(params.real("depth"));
    const double rows = static_cast<double>(shape.rows), features = static_cast<double>(shape.features);
    const double internal = std::ldexp(1.0, depth) - 1.0, leaves = internal + 1.0;
    const bool linear = params.text("leaf_model") == "linear";
    const double parameters = internal * (features + 1.0) + leaves * (static_cast<double>(shape.outputs) + (linear ? features : 0.0));
    const double per_row = 2.0 * internal + (2.0 * leaves - 1.0) + (linear ? leaves : 0.0);
    const double chunk = std::min(rows, std::max(double{get::kMinChunkRows}, std::floor(double{get::kChunkValues} / per_row)));
    const double threads = std::max(1u, std::thread::hardware_concurrency());
    const double blocks = std::min(double{get::kMaxBlocks}, std::max(1.0, std::ceil(rows / double{get::kBlockRows})));
    const double workspaces = threads * matrix_bytes(chunk, per_row + 1.0);
    // Block gradients, then parameters, gradient, two moments and about six kept best vectors.
    const double vectors = matrix_bytes(parameters, blocks + 10.0);
    // The inputs and target scaled to [0, 1], and the leaf of every row (hard tree).
    const double per_data = matrix_bytes(rows, features + 3.0);
    const double bytes = workspaces + vectors + per_data;
    const std::string depth_text = auto_depth ? "up to depth " + std::to_string(depth) + " (depth=auto)" : "at depth " + std::to_string(depth);
    return {bytes, "GET " + depth_text, "Lower depth."};
}

}  // namespace treelab
