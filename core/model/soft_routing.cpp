// LatentTrees' soft routing on a batch, one node column at a time in heap order, so every parent's
// q is ready before its children's (soft_routing.h).
#include "core/model/soft_routing.h"

#include <string>
#include <vector>

#include "core/error.h"
#include "core/nn/elu.h"
#include "core/nn/mlp.h"

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
    Eigen::MatrixXd s(X.rows(), W.rows());
    latent_split_scores(X, W, b, activation, s);
    return s;
}

void latent_split_scores(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& W,
                         const Eigen::Ref<const Eigen::VectorXd>& b, SplitActivation activation, Eigen::Ref<Eigen::MatrixXd> s) {
    s.noalias() = X * W.transpose();
    s.rowwise() += b.transpose();
    // ELU (Clevert et al. 2015) keeps the sign, so the routing directions are unchanged (000 §4).
    if (activation == SplitActivation::Elu) s = nn::elu(s);
}

Eigen::MatrixXd latent_path_scores(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::MatrixXi* source) {
    Eigen::MatrixXd q(s.rows(), 2 * s.cols() + 1);
    Eigen::MatrixXi none;
    if (source) source->resize(q.rows(), q.cols());
    latent_path_scores(s, q, source ? Eigen::Ref<Eigen::MatrixXi>(*source) : Eigen::Ref<Eigen::MatrixXi>(none));
    return q;
}

namespace {

// One child's column: q_child = q_parent where q_parent <= ±s (ties to the parent), else ±s, and
// the source of the edge term that attains it. The columns never overlap (__restrict), so the
// compiler vectorises over the rows.
void child_scores(Eigen::Index rows, double sign, const double* __restrict parent, const double* __restrict split,
                  double* __restrict out) {
    for (Eigen::Index i = 0; i < rows; ++i) out[i] = parent[i] <= sign * split[i] ? parent[i] : sign * split[i];
}

void child_sources(Eigen::Index rows, double sign, int child, const double* __restrict parent, const double* __restrict split,
                   const int* __restrict from, int* __restrict to) {
    for (Eigen::Index i = 0; i < rows; ++i) to[i] = parent[i] <= sign * split[i] ? from[i] : child;
}

}  // namespace

void latent_path_scores(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::Ref<Eigen::MatrixXd> q, Eigen::Ref<Eigen::MatrixXi> source) {
    const Eigen::Index rows = s.rows(), internal = s.cols();
    const bool with_source = source.size() > 0;
    q.col(0).setOnes();
    if (with_source) source.col(0).setZero();
    for (Eigen::Index t = 0; t < internal; ++t) {
        for (const Eigen::Index child : {2 * t + 1, 2 * t + 2}) {
            const double sign = child == 2 * t + 1 ? -1.0 : 1.0;  // left iff s < 0 (000 §3.1)
            child_scores(rows, sign, q.col(t).data(), s.col(t).data(), q.col(child).data());
            if (with_source)
                child_sources(rows, sign, static_cast<int>(child), q.col(t).data(), s.col(t).data(), source.col(t).data(),
                              source.col(child).data());
        }
    }
}

Eigen::MatrixXd latent_traversal(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a) {
    Eigen::MatrixXd z(q.rows(), q.cols());
    latent_traversal(q, a, z);
    return z;
}

void latent_traversal(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a, Eigen::Ref<Eigen::MatrixXd> z) {
    for (Eigen::Index t = 0; t < z.cols(); ++t) z.col(t) = q.col(t).cwiseMax(0.0).cwiseMin(1.0).cwiseMin(a(t));
}

Eigen::MatrixXd latent_predictor_inputs(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& z) {
    const Eigen::Index leaves = (z.cols() + 1) / 2;
    Eigen::MatrixXd inputs(X.rows(), X.cols() + leaves);
    inputs << X, z.rightCols(leaves);
    return inputs;
}

Eigen::MatrixXd latent_predictor(const RoutingPredictor& predictor, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                 const Eigen::Ref<const Eigen::MatrixXd>& z) {
    const Eigen::MatrixXd inputs = latent_predictor_inputs(X, z);
    if (predictor.layers.empty() || predictor.layers.front().weights.cols() != inputs.cols())
        throw Error("the routing predictor reads " +
                    std::to_string(predictor.layers.empty() ? 0 : predictor.layers.front().weights.cols()) + " inputs, not " +
                    std::to_string(X.cols()) + " features + " + std::to_string(inputs.cols() - X.cols()) + " leaves");
    std::vector<nn::MlpLayer> layers;
    for (const DenseLayer& layer : predictor.layers)
        layers.push_back({Eigen::Map<const Eigen::MatrixXd>(layer.weights.data(), layer.weights.rows(), layer.weights.cols()),
                          Eigen::Map<const Eigen::VectorXd>(layer.bias.data(), layer.bias.size())});
    return nn::mlp_forward(layers, inputs);
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
