#pragma once
// GradTree's path tables (001 §3.1, eq. 4–5), constants of the depth: the internal
// node leaf l passes at each depth and the branch it takes there.
#include <Eigen/Core>

namespace treelab::gradtree {

struct PathTable {
    // leaves × depth; column j − 1 holds depth j = 1..d (the root is depth 1).
    Eigen::MatrixXi node;    // i(l, j) = 2^{j−1} − 1 + ⌊l / 2^{d−j+1}⌋, heap order, 0-based
    Eigen::MatrixXi branch;  // p(l, j) = ⌊l / 2^{d−j}⌋ mod 2: 0 = left (h = 1), 1 = right (h = 0)
};

// Throws treelab::Error for depth < 1.
PathTable path_table(int depth);

}  // namespace treelab::gradtree
