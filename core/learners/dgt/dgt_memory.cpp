// DGT's memory: the over-parameterised chain (003 §3.2: inputs → hidden widths → 2^h − 1 nodes)
// with its gradient, RMSprop's state, the best parameters and the chain's stored products, and
// the per-epoch hard passes over the training and validation rows (rows × internal nodes). Height
// and the hidden widths drive it; the widths of `hidden=auto` grow with the height (003 Table 12).
#include <cmath>

#include "core/learners/dgt/dgt_learner.h"
#include "core/learners/dgt/dgt_settings.h"
#include "core/learners/dgt/hidden_widths.h"

namespace treelab {

MemoryEstimate dgt_memory_estimate(const DataShape& shape, const ParamValues& params) {
    const int height = dgt::chosen_height(params) == dgt::kAutoHeight ? 8 : dgt::chosen_height(params);  // auto: its largest
    const std::vector<Eigen::Index> hidden = dgt::hidden_widths(dgt::canonical_hidden(params.text("hidden")), height);
    const double internal = std::ldexp(1.0, height) - 1.0, leaves = internal + 1.0;
    const double scalar = params.text("precision") == "double" ? 8.0 : 4.0;
    double parameters = leaves * static_cast<double>(shape.outputs) + 1.0, widest = internal;
    double inputs = static_cast<double>(shape.features);
    for (const double width : std::vector<double>(hidden.begin(), hidden.end())) {
        parameters += (inputs + 1.0) * width;
        inputs = width;
        widest = std::max(widest, width);
    }
    parameters += (inputs + 1.0) * internal;
    const double evaluated = static_cast<double>(shape.rows + shape.valid_rows);
    const double batch = static_cast<double>(std::min<long long>(shape.rows, params.whole_number("batch_size").value_or(128)));
    // Parameters, gradient, RMSprop's mean square, momentum, the best and the folded copies: eight
    // vectors; a batch's activations per layer; the hard passes' outputs of every node.
    const double bytes = 8.0 * parameters * scalar + matrix_bytes(batch, widest * static_cast<double>(hidden.size() + 4) + 4.0 * leaves) +
                         1.5 * matrix_bytes(evaluated, internal + static_cast<double>(shape.outputs));
    std::string widths;
    for (const Eigen::Index width : hidden) widths += (widths.empty() ? "" : ",") + std::to_string(width);
    return {bytes, "DGT at height " + std::to_string(height) + (widths.empty() ? " without hidden layers" : " with hidden widths " + widths),
            "Lower height or the hidden widths (hidden=none, or smaller widths such as 256,256)."};
}

}  // namespace treelab
