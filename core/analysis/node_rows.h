#pragma once
// Which rows reach a node, and which nodes one row passes: the node inspector's table and the
// canvas's highlighted row path (dtreeviz's `x=`). Both read TreeModel::routing_matrix, the one
// routing every picture uses.
#include <vector>

#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

// Rows of X (0-based, ascending) whose path passes through `node`.
std::vector<Eigen::Index> rows_reaching(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, int node);
// The nodes one row passes, root first, ending at the node where it stops.
std::vector<int> nodes_on_path(const TreeModel& tree, const Eigen::Ref<const Eigen::RowVectorXd>& x);

}  // namespace treelab
