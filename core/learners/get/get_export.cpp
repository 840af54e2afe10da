// get_export.h.
#include "core/learners/get/get_export.h"

#include "core/learners/get/get_hard_tree.h"
#include "core/model/complete_tree.h"

namespace treelab::get {

Eigen::MatrixXd hard_leaf_values(const TrainingRows& rows, const Eigen::VectorXd& parameters) {
    return refit_leaves(rows.spec, hard_leaves(rows.spec, parameters, rows.unit_inputs), rows.targets);
}

TreeModel export_tree(const TrainingRows& rows, const Eigen::VectorXd& parameters, const Dataset& train) {
    const ParameterView v = view(rows.spec, parameters);
    const Eigen::MatrixXd values = hard_leaf_values(rows, parameters);
    CompleteTree tree;
    tree.depth = rows.spec.depth;
    tree.splits = rows.scaling.data_splits(v.A, v.b);
    tree.leaf_values = rows.spec.loss == LeafLoss::SquaredError ? rows.scaling.data_values(values) : values;
    tree.leaf_kind = LeafValueKind::Values;
    return complete_tree_model(tree, train);
}

}  // namespace treelab::get
