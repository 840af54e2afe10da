// get_backward.h. With Î_t the soft left indicator of node t and r the reach (path product):
//   r_{2t+1} = r_t·Î_t,  r_{2t+2} = r_t·(1 − Î_t)
// so, with g = ∂L/∂r,
//   ∂L/∂Î_t = r_t·(g_{2t+1} − g_{2t+2}),   g_t = g_{2t+2} + Î_t·(g_{2t+1} − g_{2t+2}).
// Children come after their parent in heap order, so walking t downwards finds both children's
// g ready, and r_t is no longer needed once ∂L/∂Î_t is known: g_t takes its place in work.reach.
#include "core/learners/get/get_backward.h"

#include "core/nn/sigmoid.h"

namespace treelab::get {

void backward(const Spec& spec, double alpha, const Eigen::Ref<const Eigen::MatrixXd>& X, Workspace& work, Eigen::VectorXd& gradient) {
    Eigen::MatrixXd& g = work.reach;
    Eigen::MatrixXd& d_margin = work.margins;
    for (Eigen::Index t = spec.internal() - 1; t >= 0; --t) {
        work.column = g.col(2 * t + 1) - g.col(2 * t + 2);
        d_margin.col(t) = g.col(t).cwiseProduct(work.column);  // ∂L/∂Î_t, still to go through σ
        if (t > 0) g.col(t) = g.col(2 * t + 2) + work.left.col(t).cwiseProduct(work.column);
    }
    nn::scaled_sigmoid_backward_in_place(work.left, d_margin, alpha);  // ∂L/∂u, u = b − a·x
    MutableParameterView d = mutable_view(spec, gradient);
    d.b += d_margin.colwise().sum().transpose();
    d.A.noalias() -= d_margin.transpose() * X;
}

}  // namespace treelab::get
