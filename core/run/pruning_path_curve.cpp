#include "core/run/pruning_path_curve.h"

namespace treelab {
namespace {

// Total leaf impurity weighted by the leaves' share of the training rows, as the path measures it.
double leaf_impurity(const TreeModel& tree) {
    const double total = tree.nodes.front().samples;
    double sum = 0.0;
    for (std::size_t i = 0; i < tree.nodes.size(); ++i)
        if (tree.stops_at(static_cast<int>(i)))
            sum += tree.nodes[i].samples * tree.nodes[i].impurity / total;
    return sum;
}

}  // namespace

std::vector<PruningPathPoint> pruning_path_curve(const PruningPathHook& hook, const TreeModel& model,
                                                 const PreparedData& data) {
    TreeModel grown = model;
    for (TreeNode& node : grown.nodes) node.pruned = false;
    std::vector<PruningPathPoint> curve;
    for (const double alpha : hook.path_values(grown)) {
        if (!curve.empty() && curve.back().alpha == alpha) continue;  // ties prune together (cost_complexity.h)
        const TreeModel pruned = hook.prune(grown, alpha);
        curve.push_back({alpha, leaf_impurity(pruned), pruned.stats().leaves, evaluate(pruned, data.train),
                         evaluate(pruned, data.test)});
    }
    return curve;
}

}  // namespace treelab
