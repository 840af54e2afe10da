// The linear chain's two forward passes and their hand-written backward passes (linear_chain.h).
//
// Product, on the augmented prefixes P_k = [A_k | c_k] (size_k × (inputs + 1)), so that a bias is the
// last column of a matrix product: P_1 = [W_1 | b_1], P_k = W_k P_{k−1} + [0 | b_k],
// Z = [X 1] P_Lᵀ. For G = ∂L/∂Z, with V_L = Gᵀ [X 1] = [∂L/∂A_L | ∂L/∂c_L], going down the chain:
//   ∂L/∂W_k = V_k P_{k−1}ᵀ,   ∂L/∂b_k = V_k's last column,   V_{k−1} = W_kᵀ V_k,
// and ∂L/∂W_1 = V_1 without its last column (A_0 = I, c_0 = 0).
// Layer by layer: the usual backpropagation, δ_L = G, ∂L/∂W_k = δ_kᵀ h_{k−1}, δ_{k−1} = δ_k W_k.
#include "core/nn/linear_chain.h"

#include <string>
#include <utility>

#include "core/error.h"

namespace treelab::nn {
namespace {

// target = value, or target += value.
template <class Target, class Value>
void put(Target&& target, const Value& value, Into into) {
    if (into == Into::Add)
        target += value;
    else
        target = value;
}

void check_inputs(const MlpShape& shape, Eigen::Index columns) {
    if (columns != shape.inputs())
        throw Error("the linear chain reads " + std::to_string(shape.inputs()) + " inputs, not " + std::to_string(columns));
}

}  // namespace

template <class Scalar>
BasicLinearChain<Scalar>::BasicLinearChain(MlpShape shape) : shape_(std::move(shape)) {
    if (shape_.layers() < 1) throw Error("a linear chain needs at least one layer");
    for (const Eigen::Index size : shape_.sizes)
        if (size < 1) throw Error("a linear chain has a layer of width " + std::to_string(size) + "; every width must be at least 1");
}

template <class Scalar>
ChainStrategy BasicLinearChain<Scalar>::cheaper_strategy(Eigen::Index rows) const {
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

template <class Scalar>
AffineMap BasicLinearChain<Scalar>::fold(std::span<const Scalar> parameters) const {
    std::vector<Matrix> prefixes;
    fold_prefixes(mlp_layers(shape_, parameters), prefixes);
    const Eigen::Index inputs = shape_.inputs();
    return {prefixes.back().leftCols(inputs).template cast<double>(), prefixes.back().col(inputs).template cast<double>()};
}

template <class Scalar>
void BasicLinearChain<Scalar>::fold_prefixes(const Layers& layers, std::vector<Matrix>& prefixes) {
    const Eigen::Index inputs = layers.front().weights.cols();
    prefixes.resize(layers.size());
    prefixes[0].resize(layers[0].weights.rows(), inputs + 1);
    prefixes[0] << layers[0].weights, layers[0].bias;
    for (std::size_t k = 1; k < layers.size(); ++k) {
        multiply_into(layers[k].weights, Op::Plain, prefixes[k - 1], Op::Plain, prefixes[k]);
        prefixes[k].col(inputs) += layers[k].bias;
    }
}

template <class Scalar>
auto BasicLinearChain<Scalar>::forward(std::span<const Scalar> parameters, const Eigen::Ref<const Matrix>& X, ChainStrategy strategy)
    -> const Matrix& {
    const Layers layers = mlp_layers(shape_, parameters);
    check_inputs(shape_, X.cols());
    if (strategy == ChainStrategy::Product) {
        fold_prefixes(layers, prefixes_);
        const Eigen::Index inputs = X.cols();
        multiply_into(X, Op::Plain, prefixes_.back().leftCols(inputs), Op::Transposed, Z_);
        Z_.rowwise() += prefixes_.back().col(inputs).transpose();
    } else {
        activations_.resize(layers.size() - 1);
        for (std::size_t k = 0; k < layers.size(); ++k) {
            Matrix& out = k + 1 == layers.size() ? Z_ : activations_[k];
            multiply_into(k == 0 ? Eigen::Ref<const Matrix>(X) : Eigen::Ref<const Matrix>(activations_[k - 1]), Op::Plain,
                          layers[k].weights, Op::Transposed, out);
            out.rowwise() += layers[k].bias.transpose();
        }
    }
    last_ = strategy;
    last_rows_ = X.rows();
    return Z_;
}

template <class Scalar>
void BasicLinearChain<Scalar>::backward(std::span<const Scalar> parameters, const Eigen::Ref<const Matrix>& X,
                                        const Eigen::Ref<const Matrix>& G, std::span<Scalar> d_parameters, Into into) {
    const Layers layers = mlp_layers(shape_, parameters);
    MutableLayers d_layers = mutable_mlp_layers(shape_, d_parameters);
    check_inputs(shape_, X.cols());
    if (last_rows_ != X.rows() || G.rows() != X.rows() || G.cols() != shape_.outputs())
        throw Error("the linear chain's backward pass needs ∂L/∂Z (" + std::to_string(X.rows()) + " × " +
                    std::to_string(shape_.outputs()) + ") of a forward pass on these rows");
    if (last_ == ChainStrategy::Product)
        backward_product(layers, X, G, d_layers, into);
    else
        backward_layers(layers, X, G, d_layers, into);
}

template <class Scalar>
void BasicLinearChain<Scalar>::backward_product(const Layers& layers, const Eigen::Ref<const Matrix>& X, const Eigen::Ref<const Matrix>& G,
                                                MutableLayers& d_layers, Into into) {
    const Eigen::Index inputs = X.cols();
    gradients_.resize(layers.size());
    Matrix& top = gradients_.back();  // V_L
    top.resize(G.cols(), inputs + 1);
    multiply(G, Op::Transposed, X, Op::Plain, top.leftCols(inputs));
    top.col(inputs) = G.colwise().sum().transpose();
    for (std::size_t k = layers.size(); k-- > 0;) {
        const Matrix& V = gradients_[k];
        put(d_layers[k].bias, V.col(inputs), into);
        if (k == 0) {
            put(d_layers[k].weights, V.leftCols(inputs), into);
            return;
        }
        multiply(V, Op::Plain, prefixes_[k - 1], Op::Transposed, d_layers[k].weights, into);
        multiply_into(layers[k].weights, Op::Transposed, V, Op::Plain, gradients_[k - 1]);
    }
}

template <class Scalar>
void BasicLinearChain<Scalar>::backward_layers(const Layers& layers, const Eigen::Ref<const Matrix>& X, const Eigen::Ref<const Matrix>& G,
                                               MutableLayers& d_layers, Into into) {
    gradients_.resize(layers.size());
    for (std::size_t k = layers.size(); k-- > 0;) {
        using View = Eigen::Ref<const Matrix>;
        const View delta = k + 1 == layers.size() ? View(G) : View(gradients_[k]);  // δ_k
        multiply(delta, Op::Transposed, k == 0 ? View(X) : View(activations_[k - 1]), Op::Plain, d_layers[k].weights, into);
        put(d_layers[k].bias, delta.colwise().sum().transpose(), into);
        if (k > 0) multiply_into(delta, Op::Plain, layers[k].weights, Op::Plain, gradients_[k - 1]);
    }
}

template class BasicLinearChain<double>;
template class BasicLinearChain<float>;

}  // namespace treelab::nn
