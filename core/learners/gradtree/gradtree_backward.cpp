// 001 §3.3 (gradtree_backward.h).
#include "core/learners/gradtree/gradtree_backward.h"

#include <vector>

#include "core/nn/entmax.h"
#include "core/nn/straight_through.h"

namespace treelab::gradtree {

void backward(const Spec& spec, const PathTable& paths, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
              const Forward& f, const Eigen::Ref<const Eigen::MatrixXd>& d_outputs, Eigen::VectorXd& gradient) {
    const ParameterView v = view(spec, parameters);
    gradient.setZero(spec.parameters());
    GradientView d = gradient_view(spec, gradient);
    const Eigen::Index rows = X.rows();
    // ∂ℒ/∂h is 0 off a row's path (another factor of every membership it enters is 0); on it,
    // (Λ_leafL − Λ_leafR)·G_b, the two leaves the row reaches going left or right there and then
    // following its own decisions below (001 eq. 1, 3 differentiated). Leaves: ∂ℒ/∂Λ_l = Σ_b 𝕃_{b,l} G_b.
    Eigen::MatrixXd d_hard(rows, spec.depth);
    for (Eigen::Index b = 0; b < rows; ++b) {
        const int leaf = f.leaf(b);
        d.leaf.row(leaf) += d_outputs.row(b);
        for (int j = 0; j < spec.depth; ++j) {
            const Eigen::Index node = paths.node(leaf, j);
            const bool went_left = paths.branch(leaf, j) == 0;
            const int left = went_left ? leaf : leaf_below(spec, f, X.row(b), 2 * node + 1);
            const int right = went_left ? leaf_below(spec, f, X.row(b), 2 * node + 2) : leaf;
            d_hard(b, j) = (v.leaf.row(left) - v.leaf.row(right)).dot(d_outputs.row(b));
        }
    }
    // g = ∂ℒ/∂u with u = t − x, on the path (rows × depth), gathered per node: Σ_b g_{b,i} and
    // Σ_b g_{b,i} X_b over the rows whose path passes node i.
    const Eigen::MatrixXd g = nn::rounded_split_backward(f.soft, d_hard);
    Eigen::VectorXd g_sum = Eigen::VectorXd::Zero(spec.internal());
    Eigen::MatrixXd g_x = Eigen::MatrixXd::Zero(spec.internal(), spec.inputs);
    Eigen::Array<bool, Eigen::Dynamic, 1> reached = Eigen::Array<bool, Eigen::Dynamic, 1>::Zero(spec.internal());
    for (int j = 0; j < spec.depth; ++j)
        for (Eigen::Index b = 0; b < rows; ++b) {
            const Eigen::Index node = paths.node(f.leaf(b), j);
            reached(node) = true;
            g_sum(node) += g(b, j);
            g_x.row(node) += g(b, j) * X.row(b);
        }
    // ∂ℒ/∂T_{i,k} = Σ_b g_{b,i} H_{i,k}: only the selected feature's threshold (001 §3.2).
    for (Eigen::Index i = 0; i < spec.internal(); ++i) d.T(i, f.feature(i)) = g_sum(i);
    // ∂ℒ/∂H_{i,k} = Σ_b g_{b,i} (T_{i,k} − X_{b,k}) for every k, straight through to E, then
    // through the entmax Jacobian (Peters et al. 2019: no gradient outside the support). Only the nodes some row
    // passes have a non-zero row; E is computed for those.
    std::vector<Eigen::Index> passed;
    for (Eigen::Index i = 0; i < spec.internal(); ++i)
        if (reached(i)) passed.push_back(i);
    const Eigen::MatrixXd d_onehot = g_sum(passed).asDiagonal() * v.T(passed, Eigen::all) - g_x(passed, Eigen::all);
    d.I(passed, Eigen::all) = nn::entmax15_backward(nn::entmax15(v.I(passed, Eigen::all)), nn::hardmax_backward(d_onehot));
}

}  // namespace treelab::gradtree
