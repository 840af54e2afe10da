// and_layer.h.
#include "core/learners/dgt/and_layer.h"

#include <string>
#include <vector>

#include "core/error.h"

namespace treelab::dgt {
namespace {

void check_height(int height) {
    if (height < 1 || height > 24) throw Error("a DGT tree needs a height between 1 and 24, not " + std::to_string(height));
}

}  // namespace

Eigen::SparseMatrix<double> and_matrix(int height) {
    check_height(height);
    const Eigen::Index leaves = Eigen::Index{1} << height, internal = leaves - 1;
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(static_cast<std::size_t>(leaves * height));
    // Level by level as _get_and_layer_params: node j of level i covers a block of L/2^i leaves,
    // its first half left (+1), its second half right (−1).
    for (int level = 0; level < height; ++level) {
        const Eigen::Index nodes = Eigen::Index{1} << level, first = nodes - 1, block = leaves / nodes;
        for (Eigen::Index j = first; j < first + nodes; ++j) {
            const Eigen::Index begin = block * (j - first), middle = begin + block / 2, end = begin + block;
            for (Eigen::Index l = begin; l < end; ++l) entries.emplace_back(l, j, l < middle ? 1.0 : -1.0);
        }
    }
    Eigen::SparseMatrix<double> W(leaves, internal);
    W.setFromTriplets(entries.begin(), entries.end());
    return W;
}

Eigen::VectorXi reached_leaves(const Eigen::Ref<const Eigen::MatrixXd>& Z, int height) {
    check_height(height);
    const Eigen::Index internal = (Eigen::Index{1} << height) - 1;
    if (Z.cols() != internal)
        throw Error("a DGT tree of height " + std::to_string(height) + " has " + std::to_string(internal) +
                    " internal nodes, but the predicate outputs have " + std::to_string(Z.cols()) + " columns");
    Eigen::VectorXi leaves(Z.rows());
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
        Eigen::Index t = 0;
        while (t < internal) t = Z(i, t) >= 0.0 ? 2 * t + 1 : 2 * t + 2;
        leaves(i) = static_cast<int>(t - internal);
    }
    return leaves;
}

}  // namespace treelab::dgt
