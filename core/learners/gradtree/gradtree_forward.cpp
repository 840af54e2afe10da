// 001 §3.1–3.4, eq. 1–7 (gradtree_forward.h).
#include "core/learners/gradtree/gradtree_forward.h"

#include <string>

#include "core/error.h"
#include "core/nn/entmax.h"
#include "core/nn/straight_through.h"

namespace treelab::gradtree {

int leaf_below(const Spec& spec, const Forward& f, const Eigen::Ref<const Eigen::RowVectorXd>& x, Eigen::Index node) {
    const Eigen::Index internal = spec.internal();
    while (node < internal) node = nn::split_goes_left(f.threshold(node) - x(f.feature(node))) ? 2 * node + 1 : 2 * node + 2;
    return static_cast<int>(node - internal);
}

Forward forward(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    const ParameterView v = view(spec, parameters);
    if (X.cols() != spec.inputs)
        throw Error("GradTree: the rows have " + std::to_string(X.cols()) + " features, the tree reads " + std::to_string(spec.inputs) + ".");
    Forward f;
    // k_i = argmax E_i, lowest index on ties as tf.argmax (001 §3.3); the one-hot H = hardmax(E) is
    // only needed as this index. Taken on E as the code does, not on I: entmax is monotone, but
    // may round two close logits to the same probability.
    f.feature = nn::entmax15_argmax(v.I);
    const Eigen::Index internal = spec.internal(), rows = X.rows();
    f.threshold.resize(internal);
    for (Eigen::Index i = 0; i < internal; ++i) f.threshold(i) = v.T(i, f.feature(i));
    // Level by level over the whole batch: u = t − x at each row's node of this depth (001 Eq. 6:
    // σ(ι·τ − ι·x)), then every row moves to the child its rounded split picks.
    Eigen::VectorXi node = Eigen::VectorXi::Zero(rows);
    Eigen::MatrixXd u(rows, spec.depth);
    for (int j = 0; j < spec.depth; ++j)
        for (Eigen::Index b = 0; b < rows; ++b) {
            u(b, j) = f.threshold(node(b)) - X(b, f.feature(node(b)));
            node(b) = nn::split_goes_left(u(b, j)) ? 2 * node(b) + 1 : 2 * node(b) + 2;
        }
    f.soft = nn::rounded_split(u).soft;
    f.leaf = node.array() - static_cast<int>(internal);
    f.outputs = v.leaf(f.leaf, Eigen::all);
    return f;
}

}  // namespace treelab::gradtree
