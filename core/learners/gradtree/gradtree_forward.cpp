// gradtree.md §2 (gradtree_forward.h).
#include "core/learners/gradtree/gradtree_forward.h"

#include <string>

#include "core/error.h"
#include "core/nn/argmax.h"
#include "core/nn/entmax.h"
#include "core/nn/straight_through.h"

namespace treelab::gradtree {

int leaf_below(const Spec& spec, const HardRow& hard, Eigen::Index node) {
    const Eigen::Index internal = spec.internal();
    while (node < internal) node = hard(node) > 0.5 ? 2 * node + 1 : 2 * node + 2;
    return static_cast<int>(node - internal);
}

Forward forward(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    const ParameterView v = view(spec, parameters);
    if (X.cols() != spec.inputs)
        throw Error("GradTree: the rows have " + std::to_string(X.cols()) + " features, the tree reads " + std::to_string(spec.inputs) + ".");
    Forward f;
    f.entmax = nn::entmax15(v.I);
    // k_i = argmax E_i, lowest index on ties as tf.argmax (§2.1); the one-hot H = hardmax(E) is
    // only needed as this index. Taken on E as the code does, not on I: entmax is monotone, but
    // may round two close logits to the same probability.
    f.feature = nn::row_argmax(f.entmax);
    const Eigen::Index internal = spec.internal();
    Eigen::RowVectorXd threshold(internal);
    for (Eigen::Index i = 0; i < internal; ++i) threshold(i) = v.T(i, f.feature(i));
    // u = t − x for every row and node at once (001 Eq. 6: σ(ι·τ − ι·x)).
    const Eigen::MatrixXd u = (-X(Eigen::all, f.feature)).rowwise() + threshold;
    nn::RoundedSplit split = nn::rounded_split(u);
    f.soft = std::move(split.soft);
    f.hard = std::move(split.hard);
    f.leaf.resize(X.rows());
    for (Eigen::Index b = 0; b < X.rows(); ++b) f.leaf(b) = leaf_below(spec, f.hard.row(b), 0);
    f.outputs = v.leaf(f.leaf, Eigen::all);
    return f;
}

}  // namespace treelab::gradtree
