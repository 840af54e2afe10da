#include "core/analysis/node_rows.h"

#include <algorithm>

#include "core/error.h"

namespace treelab {

std::vector<Eigen::Index> rows_reaching(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, int node) {
    if (node < 0 || static_cast<std::size_t>(node) >= tree.nodes.size())
        throw Error("node " + std::to_string(node) + " is not in the tree (it has " + std::to_string(tree.nodes.size()) +
                    " nodes)");
    const Eigen::SparseMatrix<double, Eigen::RowMajor> routing = tree.routing_matrix(X);
    std::vector<Eigen::Index> rows;
    for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(routing, node); it; ++it)
        if (it.value() > 0.0) rows.push_back(it.col());
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::vector<int> nodes_on_path(const TreeModel& tree, const Eigen::Ref<const Eigen::RowVectorXd>& x) {
    const Eigen::MatrixXd one_row = x;
    const Eigen::SparseMatrix<double, Eigen::RowMajor> routing = tree.routing_matrix(one_row);
    std::vector<int> path;
    for (Eigen::Index t = 0; t < routing.outerSize(); ++t)
        for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(routing, t); it; ++it)
            if (it.value() > 0.0) path.push_back(static_cast<int>(t));
    // Children come after their parents in node order (tree_model.h), so this is root first.
    return path;
}

}  // namespace treelab
