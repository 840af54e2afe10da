#include "core/analysis/routing_analysis.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/error.h"
#include "core/metrics/dendrogram_purity.h"

namespace treelab {
namespace {

// Each row of `counts` (anything × nodes) divided by its sum over the nodes of the same depth,
// NaN -> 0: the notebook's bst.normalize (vzantedeschi/LatentTrees src/trees.py).
Eigen::MatrixXd normalise_per_level(const TreeModel& tree, const Eigen::MatrixXd& counts) {
    int deepest = 0;
    for (const TreeNode& node : tree.nodes) deepest = std::max(deepest, node.depth);
    Eigen::MatrixXd level = Eigen::MatrixXd::Zero(counts.rows(), deepest + 1);
    for (std::size_t t = 0; t < tree.nodes.size(); ++t)
        level.col(tree.nodes[t].depth) += counts.col(static_cast<Eigen::Index>(t));
    Eigen::MatrixXd share = Eigen::MatrixXd::Zero(counts.rows(), counts.cols());
    for (std::size_t t = 0; t < tree.nodes.size(); ++t) {
        const auto col = static_cast<Eigen::Index>(t);
        const Eigen::VectorXd totals = level.col(tree.nodes[t].depth);
        share.col(col) = (totals.array() > 0.0).select(counts.col(col).array() / totals.array(), 0.0);
    }
    return share;
}

// labels: class index per row, or null; counts row 0 holds all rows, row 1 + c the rows of class c.
RoutingAnalysis analyse(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::VectorXi* labels,
                        int classes, int max_depth) {
    const Eigen::SparseMatrix<double, Eigen::RowMajor> routing = tree.routing_matrix(X);
    const int per_class = labels ? classes : 0;
    Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(1 + per_class, routing.rows());
    for (Eigen::Index t = 0; t < routing.outerSize(); ++t)
        for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(routing, t); it; ++it) {
            counts(0, t) += it.value();
            if (labels) counts(1 + (*labels)(it.col()), t) += it.value();
        }
    const Eigen::MatrixXd share = normalise_per_level(tree, counts);

    RoutingAnalysis analysis;
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        const auto t = static_cast<Eigen::Index>(id);
        const bool reached = counts(0, t) > 0.0;
        analysis.empty_nodes += reached ? 0 : 1;
        analysis.active_nodes += reached && !node.pruned ? 1 : 0;
        analysis.pruned_nodes += node.pruned ? 1 : 0;
        if (max_depth >= 0 && node.depth > max_depth) continue;
        NodeRouting row;
        row.node = static_cast<int>(id);
        row.parent = node.parent;
        row.depth = node.depth;
        row.pruned = node.pruned;
        row.rows = static_cast<Eigen::Index>(counts(0, t));
        row.share_in_level = share(0, t);
        row.label = share_label(row.share_in_level);
        row.class_rows = counts.col(t).tail(per_class).cast<int>();
        row.class_share = share.col(t).tail(per_class);
        analysis.nodes.push_back(std::move(row));
    }
    return analysis;
}

}  // namespace

std::string share_label(double share) {
    return share == 0.0 ? "-" : std::to_string(static_cast<int>(100.0 * share));
}

RoutingAnalysis analyse_routing(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, int max_depth) {
    return analyse(tree, X, nullptr, 0, max_depth);
}

RoutingAnalysis analyse_routing(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                const Eigen::Ref<const Eigen::VectorXd>& y, int classes, int max_depth) {
    if (y.size() != X.rows())
        throw Error("cannot route " + std::to_string(X.rows()) + " rows with " + std::to_string(y.size()) + " class labels");
    const Eigen::VectorXi labels = class_indices(y, classes);
    return analyse(tree, X, &labels, classes, max_depth);
}

}  // namespace treelab
