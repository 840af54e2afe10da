// Batched routing: the rows at a node are split in one pass, an oblique split as
// one matrix-vector product over those rows, and the tree is walked level by level.
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/model/tree_model.h"

namespace treelab {
namespace {

using Rows = std::vector<Eigen::Index>;

void check_columns(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    if (X.cols() != tree.features())
        throw Error("the data has " + std::to_string(X.cols()) + " feature columns but the model expects " +
                    std::to_string(tree.features()));
}

// Calls visit(node, rows) for every node with the rows that pass through it, parents before
// children, so the last node a row is visited at is its stopping node. A row stops where the node
// is a leaf or its chosen child is pruned (tree_model.h). Expects a valid tree (validate()).
template <class Visit>
void walk(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, Visit&& visit) {
    check_columns(tree, X);
    if (tree.nodes.empty()) throw Error("the tree has no nodes");
    Rows all(static_cast<std::size_t>(X.rows()));
    for (Eigen::Index i = 0; i < X.rows(); ++i) all[static_cast<std::size_t>(i)] = i;
    std::vector<std::pair<int, Rows>> level{{0, std::move(all)}}, next;
    Eigen::VectorXd scores;
    const bool float32 = tree.axis_precision == AxisPrecision::Float32;
    for (std::size_t depth = 0; !level.empty(); ++depth) {
        // A valid tree is never deeper than its node count; this stops a cyclic one.
        if (depth > tree.nodes.size()) throw Error("the tree has a cycle; it is not a valid tree");
        for (auto& [id, rows] : level) {
            visit(id, rows);
            const TreeNode& node = tree.nodes[static_cast<std::size_t>(id)];
            if (!node.is_split() || rows.empty()) continue;
            if (node.is_oblique()) scores.noalias() = X(rows, Eigen::all) * node.weights;
            Rows left, right;
            for (std::size_t k = 0; k < rows.size(); ++k) {
                const double value = node.is_oblique() ? scores(static_cast<Eigen::Index>(k))
                                     : float32     ? round_to_float32(X(rows[k], node.feature))
                                                   : X(rows[k], node.feature);
                (value <= node.threshold ? left : right).push_back(rows[k]);
            }
            if (!left.empty() && !tree.nodes[static_cast<std::size_t>(node.left)].pruned)
                next.emplace_back(node.left, std::move(left));
            if (!right.empty() && !tree.nodes[static_cast<std::size_t>(node.right)].pruned)
                next.emplace_back(node.right, std::move(right));
        }
        level.swap(next);
        next.clear();
    }
}

}  // namespace

std::string to_string(AxisPrecision precision) { return precision == AxisPrecision::Float32 ? "float32" : "float64"; }

AxisPrecision axis_precision_from_string(const std::string& text) {
    if (text == "float32") return AxisPrecision::Float32;
    if (text == "float64") return AxisPrecision::Float64;
    throw Error("unknown axis-split precision \"" + text + "\" (expected float32 or float64)");
}

Eigen::VectorXi TreeModel::route(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    Eigen::VectorXi stop(X.rows());
    walk(*this, X, [&](int node, const Rows& rows) {
        for (const Eigen::Index row : rows) stop(row) = node;
    });
    return stop;
}

Eigen::SparseMatrix<double, Eigen::RowMajor> TreeModel::routing_matrix(const Eigen::Ref<const Eigen::MatrixXd>& X) const {
    std::vector<Eigen::Triplet<double>> entries;
    walk(*this, X, [&](int node, const Rows& rows) {
        for (const Eigen::Index row : rows) entries.emplace_back(node, static_cast<int>(row), 1.0);
    });
    Eigen::SparseMatrix<double, Eigen::RowMajor> routing(static_cast<Eigen::Index>(nodes.size()), X.rows());
    routing.setFromTriplets(entries.begin(), entries.end());
    return routing;
}

}  // namespace treelab
