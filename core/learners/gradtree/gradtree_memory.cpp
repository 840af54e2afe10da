// GradTree's memory is small: the forward pass keeps rows × depth path values (gradtree_forward.h),
// not rows × nodes, and the parameters (split values and feature logits, internal nodes ×
// features, and the leaves) with Adam's two moments and the best ones are a few copies of
// 2^D × features. Depth drives both; the starts (restarts + 1) train at once, one per core.
#include <algorithm>
#include <cmath>
#include <thread>

#include "core/learners/gradtree/gradtree_learner.h"

namespace treelab {

MemoryEstimate gradtree_memory_estimate(const DataShape& shape, const ParamValues& params) {
    const int depth = params.whole_number("depth") ? static_cast<int>(*params.whole_number("depth")) : 12;  // auto: the largest
    const double internal = std::ldexp(1.0, depth) - 1.0, leaves = internal + 1.0;
    const double features = static_cast<double>(shape.features), outputs = static_cast<double>(shape.outputs);
    const double evaluated = static_cast<double>(shape.rows + shape.valid_rows);
    const double parameters = 2.0 * internal * features + leaves * outputs;
    // Per evaluated row: the path values, the leaf, the outputs and their gradient; the inputs
    // copied once for the fit. Parameters: values, gradient, two moments, best, restart's best.
    const double starts = params.is_number("restarts") ? params.real("restarts") + 1.0 : (shape.outputs == 2 ? 6.0 : 4.0);
    const double at_once = std::min(starts, static_cast<double>(std::max(1u, std::thread::hardware_concurrency())));
    const double bytes = at_once * (evaluated * matrix_bytes(1.0, depth + 3.0 * outputs + 2.0) + matrix_bytes(parameters, 6.0)) +
                         matrix_bytes(evaluated, features) + starts * matrix_bytes(parameters, 2.0);
    return {bytes, "GradTree at depth " + std::to_string(depth), "Lower depth."};
}

}  // namespace treelab
