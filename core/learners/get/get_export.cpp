// get_export.h.
#include "core/learners/get/get_export.h"

#include <utility>

#include "core/model/complete_tree.h"

namespace treelab::get {

LeafFit hard_leaf_fit(const TrainingRows& rows, const Eigen::VectorXd& parameters) {
    return refit_leaves(rows.spec, hard_leaves(rows.spec, parameters, rows.unit_inputs), rows.unit_inputs, rows.targets);
}

TreeModel export_tree(const TrainingRows& rows, const Eigen::VectorXd& parameters, const Dataset& train) {
    const ParameterView v = view(rows.spec, parameters);
    const LeafFit fit = hard_leaf_fit(rows, parameters);
    CompleteTree tree;
    tree.depth = rows.spec.depth;
    tree.splits = rows.scaling.data_splits(v.A, v.b);
    if (rows.spec.linear()) {
        UnitScaling::LinearLeaves leaves = rows.scaling.data_linear_leaves(fit.values, fit.slopes);
        tree.leaf_values = std::move(leaves.values);
        tree.leaf_weights = std::move(leaves.weights);
    } else {
        tree.leaf_values = rows.spec.loss == LeafLoss::SquaredError ? rows.scaling.data_values(fit.values) : fit.values;
    }
    tree.leaf_kind = LeafValueKind::Values;
    return complete_tree_model(tree, train);
}

}  // namespace treelab::get
