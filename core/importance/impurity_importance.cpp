// sklearn 1.2.1 Tree.compute_feature_importances (sklearn/tree/_tree.pyx) and
// BaseForest.feature_importances_ (sklearn/ensemble/_forest.py).
#include "core/importance/impurity_importance.h"

#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab {

Eigen::VectorXd impurity_importance(const TreeModel& tree) {
    Eigen::VectorXd importance = Eigen::VectorXd::Zero(tree.features());
    if (tree.nodes.empty()) return importance;
    // Nodes in id order, as sklearn sums them; a split counts when both children are in the tree.
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        if (node.pruned || !node.is_split()) continue;
        const TreeNode& left = tree.nodes[static_cast<std::size_t>(node.left)];
        const TreeNode& right = tree.nodes[static_cast<std::size_t>(node.right)];
        if (left.pruned || right.pruned) continue;
        if (node.is_oblique())
            throw Error("impurity importance needs axis-aligned splits; node " + std::to_string(id) + " is oblique");
        if (std::isnan(node.impurity) || std::isnan(left.impurity) || std::isnan(right.impurity))
            throw Error("impurity importance needs the nodes' training impurity, which CART's trees keep and this "
                        "model's do not; use permutation importance");
        importance(node.feature) += node.samples * node.impurity - left.samples * left.impurity - right.samples * right.impurity;
    }
    importance /= tree.nodes.front().samples;
    const double total = importance.sum();
    if (total > 0.0) importance /= total;
    return importance;
}

Eigen::VectorXd impurity_importance(const RandomForest& forest) {
    // Trees that are a single leaf take no part, as in sklearn; the mean is normalised again.
    Eigen::VectorXd sum;
    int counted = 0;
    for (const TreeModel& tree : forest.trees) {
        if (sum.size() == 0) sum = Eigen::VectorXd::Zero(tree.features());
        if (tree.nodes.size() <= 1) continue;
        sum += impurity_importance(tree);
        ++counted;
    }
    if (counted == 0) return sum;
    const Eigen::VectorXd mean = sum / counted;
    return mean / mean.sum();
}

}  // namespace treelab
