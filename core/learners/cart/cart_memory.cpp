// CART's memory: the presorted columns (sorted_columns.h: a row index and a value per row and
// feature) and at most one node per training row.
#include "core/learners/cart/cart.h"

namespace treelab {

MemoryEstimate cart_memory_estimate(const DataShape& shape, const ParamValues&) {
    const double rows = static_cast<double>(shape.rows), features = static_cast<double>(shape.features);
    const double node_bytes = 64.0 + 8.0 * static_cast<double>(shape.outputs);
    const double bytes = rows * features * (8.0 + 8.0 + 8.0) + rows * node_bytes;
    return {bytes, "CART on " + std::to_string(shape.rows) + " rows × " + std::to_string(shape.features) + " features",
            "Train on fewer rows or leave out columns."};
}

}  // namespace treelab
