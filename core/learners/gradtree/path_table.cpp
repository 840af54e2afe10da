// 001 eq. 4–5 (path_table.h).
#include "core/learners/gradtree/path_table.h"

#include <string>

#include "core/error.h"

namespace treelab::gradtree {

PathTable path_table(int depth) {
    if (depth < 1 || depth > 24) throw Error("GradTree: no path table for depth " + std::to_string(depth) + ".");
    const int leaves = 1 << depth;
    PathTable table{Eigen::MatrixXi(leaves, depth), Eigen::MatrixXi(leaves, depth)};
    for (int l = 0; l < leaves; ++l)
        for (int j = 1; j <= depth; ++j) {
            table.node(l, j - 1) = (1 << (j - 1)) - 1 + (l >> (depth - j + 1));
            table.branch(l, j - 1) = (l >> (depth - j)) & 1;
        }
    return table;
}

}  // namespace treelab::gradtree
