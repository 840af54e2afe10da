// gradtree_export.h.
#include "core/learners/gradtree/gradtree_export.h"

#include <cmath>
#include <limits>

#include "core/nn/entmax.h"

namespace treelab::gradtree {

CompleteTree complete_tree(const Spec& spec, const Eigen::VectorXd& parameters) {
    const ParameterView v = view(spec, parameters);
    // The features of the forward pass: argmax of entmax₁.₅(I) (gradtree_forward.cpp).
    AxisAlignedSplits splits{nn::entmax15_argmax(v.I), Eigen::VectorXd(spec.internal())};
    for (Eigen::Index i = 0; i < spec.internal(); ++i)
        splits.thresholds(i) = std::nextafter(v.T(i, splits.features(i)), -std::numeric_limits<double>::infinity());
    CompleteTree tree;
    tree.depth = spec.depth;
    tree.splits = std::move(splits);
    tree.leaf_values = v.leaf;
    tree.leaf_kind = spec.loss == Loss::SquaredError ? LeafValueKind::Values : LeafValueKind::Logits;
    return tree;
}

TreeModel export_tree(const Spec& spec, const Eigen::VectorXd& parameters, const Dataset& train) {
    return complete_tree_model(complete_tree(spec, parameters), train);
}

}  // namespace treelab::gradtree
