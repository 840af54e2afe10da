// The linear chain's two forward passes and their hand-written backward passes (linear_chain.h).
//
// Product: with A_0 = I and c_0 = 0, A_k = W_k A_{k−1}, c_k = W_k c_{k−1} + b_k, Z = X A_Lᵀ + c_L.
// For G = ∂L/∂Z, with U_L = Gᵀ X (= ∂L/∂A_L) and u_L = Gᵀ1 (= ∂L/∂c_L), going down the chain:
//   ∂L/∂W_k = U_k A_{k−1}ᵀ + u_k c_{k−1}ᵀ,   ∂L/∂b_k = u_k,   U_{k−1} = W_kᵀ U_k,   u_{k−1} = W_kᵀ u_k.
// Layer by layer: the usual backpropagation, δ_L = G, ∂L/∂W_k = δ_kᵀ h_{k−1}, δ_{k−1} = δ_k W_k.
#include "core/nn/linear_chain.h"

#include <string>
#include <utility>

#include "core/error.h"

namespace treelab::nn {
namespace {

void check_inputs(const MlpShape& shape, Eigen::Index columns) {
    if (columns != shape.inputs())
        throw Error("the linear chain reads " + std::to_string(shape.inputs()) + " inputs, not " + std::to_string(columns));
}

}  // namespace

LinearChain::LinearChain(MlpShape shape) : shape_(std::move(shape)) {
    if (shape_.layers() < 1) throw Error("a linear chain needs at least one layer");
    for (const Eigen::Index size : shape_.sizes)
        if (size < 1) throw Error("a linear chain has a layer of width " + std::to_string(size) + "; every width must be at least 1");
}

ChainStrategy LinearChain::cheaper_strategy(Eigen::Index rows) const {
    // Multiplications of a forward and backward pass each way (see the top of the file).
    const auto& s = shape_.sizes;
    double all = 0.0, above_first = 0.0;
    for (std::size_t k = 1; k < s.size(); ++k) {
        const double layer = static_cast<double>(s[k]) * static_cast<double>(s[k - 1]);
        all += layer;
        if (k > 1) above_first += layer;
    }
    const double n = static_cast<double>(rows), inputs = static_cast<double>(s.front()), outputs = static_cast<double>(s.back());
    const double product = 3.0 * inputs * above_first + 2.0 * n * inputs * outputs;
    const double layer_by_layer = n * (2.0 * all + above_first);
    return product <= layer_by_layer ? ChainStrategy::Product : ChainStrategy::LayerByLayer;
}

AffineMap LinearChain::fold(std::span<const double> parameters) const {
    const std::vector<MlpLayer> layers = mlp_layers(shape_, parameters);
    AffineMap map{layers.front().weights, layers.front().bias};
    for (std::size_t k = 1; k < layers.size(); ++k) {
        map.A = layers[k].weights * map.A;
        map.c = layers[k].weights * map.c + layers[k].bias;
    }
    return map;
}

void LinearChain::fold_prefixes(const std::vector<MlpLayer>& layers) {
    prefix_A_.resize(layers.size());
    prefix_c_.resize(layers.size());
    prefix_A_[0] = layers[0].weights;
    prefix_c_[0] = layers[0].bias;
    for (std::size_t k = 1; k < layers.size(); ++k) {
        prefix_A_[k].noalias() = layers[k].weights * prefix_A_[k - 1];
        prefix_c_[k].noalias() = layers[k].weights * prefix_c_[k - 1];
        prefix_c_[k] += layers[k].bias;
    }
}

const Eigen::MatrixXd& LinearChain::forward(std::span<const double> parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                            ChainStrategy strategy) {
    const std::vector<MlpLayer> layers = mlp_layers(shape_, parameters);
    check_inputs(shape_, X.cols());
    if (strategy == ChainStrategy::Product) {
        fold_prefixes(layers);
        Z_.noalias() = X * prefix_A_.back().transpose();
        Z_.rowwise() += prefix_c_.back().transpose();
    } else {
        activations_.resize(layers.size() - 1);
        for (std::size_t k = 0; k < layers.size(); ++k) {
            Eigen::MatrixXd& out = k + 1 == layers.size() ? Z_ : activations_[k];
            if (k == 0)
                out.noalias() = X * layers[k].weights.transpose();
            else
                out.noalias() = activations_[k - 1] * layers[k].weights.transpose();
            out.rowwise() += layers[k].bias.transpose();
        }
    }
    last_ = strategy;
    last_rows_ = X.rows();
    return Z_;
}

void LinearChain::backward(std::span<const double> parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                           const Eigen::Ref<const Eigen::MatrixXd>& G, std::span<double> d_parameters) {
    const std::vector<MlpLayer> layers = mlp_layers(shape_, parameters);
    std::vector<MutableMlpLayer> d_layers = mutable_mlp_layers(shape_, d_parameters);
    check_inputs(shape_, X.cols());
    if (last_rows_ != X.rows() || G.rows() != X.rows() || G.cols() != shape_.outputs())
        throw Error("the linear chain's backward pass needs ∂L/∂Z (" + std::to_string(X.rows()) + " × " +
                    std::to_string(shape_.outputs()) + ") of a forward pass on these rows");
    if (last_ == ChainStrategy::Product)
        backward_product(layers, X, G, d_layers);
    else
        backward_layers(layers, X, G, d_layers);
}

void LinearChain::backward_product(const std::vector<MlpLayer>& layers, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                   const Eigen::Ref<const Eigen::MatrixXd>& G, std::vector<MutableMlpLayer>& d_layers) {
    U_.noalias() = G.transpose() * X;
    u_ = G.colwise().sum().transpose();
    for (std::size_t k = layers.size(); k-- > 0;) {
        d_layers[k].bias = u_;
        if (k == 0) {
            d_layers[k].weights = U_;  // A_0 = I, c_0 = 0
            return;
        }
        d_layers[k].weights.noalias() = U_ * prefix_A_[k - 1].transpose();
        d_layers[k].weights.noalias() += u_ * prefix_c_[k - 1].transpose();
        U_next_.noalias() = layers[k].weights.transpose() * U_;
        u_next_.noalias() = layers[k].weights.transpose() * u_;
        std::swap(U_, U_next_);
        std::swap(u_, u_next_);
    }
}

void LinearChain::backward_layers(const std::vector<MlpLayer>& layers, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                  const Eigen::Ref<const Eigen::MatrixXd>& G, std::vector<MutableMlpLayer>& d_layers) {
    U_ = G;  // δ_L
    for (std::size_t k = layers.size(); k-- > 0;) {
        if (k == 0)
            d_layers[k].weights.noalias() = U_.transpose() * X;
        else
            d_layers[k].weights.noalias() = U_.transpose() * activations_[k - 1];
        d_layers[k].bias = U_.colwise().sum().transpose();
        if (k == 0) return;
        U_next_.noalias() = U_ * layers[k].weights;
        std::swap(U_, U_next_);
    }
}

}  // namespace treelab::nn
