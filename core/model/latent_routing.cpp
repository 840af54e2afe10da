// LatentTrees' soft routing on a batch, one node column at a time in heap order, so every parent's
// q is ready before its children's (latent_routing.h).
#include "core/model/latent_routing.h"

#include <cmath>
#include <string>

#include "core/error.h"

namespace treelab {

std::string to_string(SplitActivation activation) { return activation == SplitActivation::Elu ? "elu" : "none"; }

SplitActivation split_activation_from_string(const std::string& text) {
    if (text == "none") return SplitActivation::None;
    if (text == "elu") return SplitActivation::Elu;
    throw Error("split activation '" + text + "' is not one of none, elu");
}

int complete_tree_depth(std::size_t nodes) {
    for (int depth = 0; depth < 31; ++depth)
        if (nodes == (std::size_t{2} << depth) - 1) return depth;
    return -1;
}

Eigen::MatrixXd latent_split_scores(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& W,
                                    const Eigen::Ref<const Eigen::VectorXd>& b, SplitActivation activation) {
    Eigen::MatrixXd s = X * W.transpose();
    s.rowwise() += b.transpose();
    // ELU (Clevert et al. 2015) keeps the sign, so the routing directions are unchanged (000 §4).
    if (activation == SplitActivation::Elu) s = s.unaryExpr([](double v) { return v > 0.0 ? v : std::expm1(v); });
    return s;
}

Eigen::MatrixXd latent_path_scores(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::MatrixXi* source) {
    const Eigen::Index rows = s.rows(), internal = s.cols(), nodes = 2 * internal + 1;
    Eigen::MatrixXd q(rows, nodes);
    q.col(0).setOnes();
    if (source) source->setZero(rows, nodes);
    for (Eigen::Index t = 0; t < internal; ++t) {
        for (const Eigen::Index child : {2 * t + 1, 2 * t + 2}) {
            const double sign = child == 2 * t + 1 ? -1.0 : 1.0;  // left iff s < 0 (000 §3.1)
            for (Eigen::Index i = 0; i < rows; ++i) {
                const double edge = sign * s(i, t);
                const bool from_parent = q(i, t) <= edge;
                q(i, child) = from_parent ? q(i, t) : edge;
                if (source) (*source)(i, child) = from_parent ? (*source)(i, t) : static_cast<int>(child);
            }
        }
    }
    return q;
}

Eigen::MatrixXd latent_traversal(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a) {
    Eigen::MatrixXd z = q.cwiseMax(0.0).cwiseMin(1.0);
    for (Eigen::Index t = 0; t < z.cols(); ++t) z.col(t) = z.col(t).cwiseMin(a(t));
    return z;
}

Eigen::MatrixXd latent_predictor(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& z,
                                 const Eigen::Ref<const Eigen::MatrixXd>& phi, const Eigen::Ref<const Eigen::VectorXd>& bias) {
    const Eigen::Index leaves = (z.cols() + 1) / 2, features = X.cols();
    if (phi.cols() != features + leaves)
        throw Error("the routing predictor reads " + std::to_string(phi.cols()) + " inputs, not " +
                    std::to_string(features) + " features + " + std::to_string(leaves) + " leaves");
    Eigen::MatrixXd out = X * phi.leftCols(features).transpose();
    out.noalias() += z.rightCols(leaves) * phi.rightCols(leaves).transpose();
    out.rowwise() += bias.transpose();
    return out;
}

void set_latent_split(TreeNode& node, const Eigen::Ref<const Eigen::VectorXd>& w, double b) {
    node.feature = -1;
    node.weights = w;
    node.threshold = -b;
}

double latent_split_bias(const TreeNode& node) { return -node.threshold; }

Eigen::MatrixXd latent_traversal(const TreeModel& model, const Eigen::Ref<const Eigen::MatrixXd>& X) {
    if (!model.routing_predictor) throw Error("the model has no routing predictor");
    if (X.cols() != model.features())
        throw Error("the data has " + std::to_string(X.cols()) + " feature columns but the model expects " +
                    std::to_string(model.features()));
    const Eigen::Index internal = static_cast<Eigen::Index>(model.nodes.size() / 2);
    Eigen::MatrixXd W(internal, X.cols());
    Eigen::VectorXd b(internal);
    for (Eigen::Index t = 0; t < internal; ++t) {
        const TreeNode& node = model.nodes[static_cast<std::size_t>(t)];
        W.row(t) = node.weights.transpose();
        b(t) = latent_split_bias(node);
    }
    const Eigen::MatrixXd s = latent_split_scores(X, W, b, model.routing_predictor->activation);
    return latent_traversal(latent_path_scores(s), model.routing_predictor->activity);
}

}  // namespace treelab
