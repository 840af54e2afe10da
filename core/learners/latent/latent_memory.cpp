// LatentTrees' memory: the epoch evaluation keeps, for every training and validation row, the
// split scores s (internal nodes), the path scores q, their source nodes and the traversals z
// (every node) across epochs (latent_learner.cpp's EpochEvaluation, latent_workspace.h), and the
// live trees route the training rows once more. Rows × 2^(D+1) is what grows: depth drives it.
#include <algorithm>
#include <cmath>

#include "core/learners/latent/latent_learner.h"

namespace treelab {

MemoryEstimate latent_memory_estimate(const DataShape& shape, const ParamValues& params) {
    const int depth = static_cast<int>(params.integer("depth"));
    const double internal = std::ldexp(1.0, depth) - 1.0, nodes = 2.0 * internal + 1.0, leaves = internal + 1.0;
    const double evaluated = static_cast<double>(shape.rows + shape.valid_rows);
    const double batch = std::min<double>(static_cast<double>(shape.rows), static_cast<double>(params.whole_number("batch_size").value_or(8)));
    const double features = static_cast<double>(shape.features), outputs = static_cast<double>(shape.outputs);
    // s, q, z and source (int) per node; [x, z_leaves] and the outputs for the predictor; one more
    // pass of q and z for a live tree on the training rows.
    const double per_row = matrix_bytes(1.0, internal + 2.0 * nodes + 0.5 * nodes + features + leaves + 2.0 * outputs);
    const double bytes = evaluated * per_row + static_cast<double>(shape.rows) * matrix_bytes(1.0, 2.0 * nodes) +
                         batch * per_row * 2.0 + matrix_bytes(evaluated, features) * 2.0;
    return {bytes, "LatentTrees at depth " + std::to_string(depth) + " on " + std::to_string(shape.rows + shape.valid_rows) + " rows",
            "Lower depth (each level doubles it) or train on fewer rows."};
}

}  // namespace treelab
