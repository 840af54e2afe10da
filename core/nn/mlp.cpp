// Forward and hand-written backward pass of the MLP (mlp.h), a whole batch per matrix product.
#include "core/nn/mlp.h"

#include <cmath>
#include <string>

#include "core/error.h"
#include "core/nn/elu.h"
#include "core/nn/random_uniform.h"

namespace treelab::nn {
namespace {

void check_shape(const MlpShape& shape, std::size_t parameters) {
    if (shape.sizes.size() < 2) throw Error("an MLP needs an input and an output size");
    for (const Eigen::Index size : shape.sizes)
        if (size < 1) throw Error("an MLP layer has width " + std::to_string(size) + "; every width must be at least 1");
    if (static_cast<Eigen::Index>(parameters) != shape.parameters())
        throw Error("the MLP has " + std::to_string(shape.parameters()) + " parameters, not " + std::to_string(parameters));
}

// Where the k-th layer's W (size_{k+1} × size_k) starts in the flat vector, its b right after it.
Eigen::Index layer_offset(const MlpShape& shape, Eigen::Index k) {
    Eigen::Index offset = 0;
    for (Eigen::Index j = 0; j < k; ++j) offset += shape.sizes[j + 1] * (shape.sizes[j] + 1);
    return offset;
}

// Inverted dropout factors of a rows × width layer (mlp.h, Dropout).
Eigen::MatrixXd dropout_factors(Eigen::Index rows, Eigen::Index width, const Dropout& dropout) {
    const double scale = 1.0 / (1.0 - dropout.rate);
    Eigen::MatrixXd kept(rows, width);
    for (Eigen::Index k = 0; k < kept.size(); ++k)
        kept.data()[k] = random_uniform(dropout.random, 0.0, 1.0) >= dropout.rate ? scale : 0.0;
    return kept;
}

}  // namespace

Eigen::Index MlpShape::parameters() const { return layer_offset(*this, layers()); }

MlpShape reference_mlp_shape(Eigen::Index inputs, Eigen::Index outputs, int layers) {
    if (layers < 1) throw Error("an MLP needs at least one layer, not " + std::to_string(layers));
    MlpShape shape{{inputs}};
    for (int k = 1; k < layers; ++k) shape.sizes.push_back(k == 1 ? 64 : 2 * shape.sizes.back());
    shape.sizes.push_back(outputs);
    return shape;
}

namespace {

template <class Layer, class Scalar>
std::vector<Layer> layer_views(const MlpShape& shape, std::span<Scalar> values) {
    check_shape(shape, values.size());
    std::vector<Layer> layers;
    for (Eigen::Index k = 0; k < shape.layers(); ++k) {
        const Eigen::Index in = shape.sizes[k], out = shape.sizes[k + 1];
        Scalar* weights = values.data() + layer_offset(shape, k);
        layers.push_back({{weights, out, in}, {weights + out * in, out}});
    }
    return layers;
}

}  // namespace

std::vector<MlpLayer> mlp_layers(const MlpShape& shape, std::span<const double> parameters) { return layer_views<MlpLayer>(shape, parameters); }

std::vector<BasicMlpLayer<float>> mlp_layers(const MlpShape& shape, std::span<const float> parameters) {
    return layer_views<BasicMlpLayer<float>>(shape, parameters);
}

std::vector<MutableMlpLayer> mutable_mlp_layers(const MlpShape& shape, std::span<double> values) {
    return layer_views<MutableMlpLayer>(shape, values);
}

std::vector<BasicMutableMlpLayer<float>> mutable_mlp_layers(const MlpShape& shape, std::span<float> values) {
    return layer_views<BasicMutableMlpLayer<float>>(shape, values);
}

void initialize_mlp(const MlpShape& shape, std::mt19937& random, std::span<double> parameters) {
    check_shape(shape, parameters.size());
    for (Eigen::Index k = 0; k < shape.layers(); ++k) {
        const Eigen::Index begin = layer_offset(shape, k), end = layer_offset(shape, k + 1);
        const double bound = 1.0 / std::sqrt(static_cast<double>(shape.sizes[k]));
        fill_uniform(random, bound, parameters.subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin)));
    }
}

Eigen::MatrixXd mlp_forward(std::span<const MlpLayer> layers, const Eigen::Ref<const Eigen::MatrixXd>& x, MlpTape* tape,
                            const Dropout* dropout) {
    if (layers.empty()) throw Error("an MLP needs at least one layer");
    if (dropout && !(dropout->rate >= 0.0 && dropout->rate < 1.0))
        throw Error("the dropout rate must be in [0, 1), not " + std::to_string(dropout->rate));
    const bool dropping = dropout && dropout->rate > 0.0;
    if (tape) *tape = MlpTape{};
    Eigen::MatrixXd h = x;
    for (std::size_t k = 0;; ++k) {
        const MlpLayer& layer = layers[k];
        if (layer.weights.cols() != h.cols() || layer.bias.size() != layer.weights.rows())
            throw Error("MLP layer " + std::to_string(k + 1) + " is " + std::to_string(layer.weights.rows()) + " × " +
                        std::to_string(layer.weights.cols()) + " with " + std::to_string(layer.bias.size()) +
                        " biases but reads " + std::to_string(h.cols()) + " values");
        Eigen::MatrixXd u = h * layer.weights.transpose();
        u.rowwise() += layer.bias.transpose();
        if (tape) tape->inputs.push_back(std::move(h));
        if (k + 1 == layers.size()) return u;  // linear output
        Eigen::MatrixXd activated = elu(u);
        if (dropping) {
            Eigen::MatrixXd kept = dropout_factors(activated.rows(), activated.cols(), *dropout);
            h = activated.cwiseProduct(kept);
            if (tape) tape->kept.push_back(std::move(kept));
        } else {
            h = activated;
        }
        if (tape) tape->activated.push_back(std::move(activated));
    }
}

Eigen::MatrixXd mlp_forward(const MlpShape& shape, std::span<const double> parameters, const Eigen::Ref<const Eigen::MatrixXd>& x,
                            MlpTape* tape, const Dropout* dropout) {
    return mlp_forward(mlp_layers(shape, parameters), x, tape, dropout);
}

void mlp_backward(const MlpShape& shape, std::span<const double> parameters, const MlpTape& tape,
                  const Eigen::Ref<const Eigen::MatrixXd>& g, std::span<double> d_parameters, Eigen::MatrixXd* d_input) {
    const std::vector<MlpLayer> layers = mlp_layers(shape, parameters);
    if (d_parameters.size() != parameters.size())
        throw Error("the MLP gradient has room for " + std::to_string(d_parameters.size()) + " parameters, not " +
                    std::to_string(parameters.size()));
    if (tape.inputs.size() != layers.size() || tape.activated.size() != layers.size() - 1 ||
        (!tape.kept.empty() && tape.kept.size() != layers.size() - 1))
        throw Error("the MLP backward pass needs the tape of a forward pass of this MLP");
    if (g.cols() != shape.outputs() || g.rows() != tape.inputs.front().rows())
        throw Error("the MLP output gradient is " + std::to_string(g.rows()) + " × " + std::to_string(g.cols()) + ", not " +
                    std::to_string(tape.inputs.front().rows()) + " × " + std::to_string(shape.outputs()));
    std::vector<MutableMlpLayer> d_layers = mutable_mlp_layers(shape, d_parameters);
    Eigen::MatrixXd delta = g;  // ∂L/∂u of the layer at hand
    for (std::size_t k = layers.size(); k-- > 0;) {
        d_layers[k].weights.noalias() = delta.transpose() * tape.inputs[k];
        d_layers[k].bias = delta.colwise().sum().transpose();
        if (k == 0 && !d_input) return;
        Eigen::MatrixXd d_h = delta * layers[k].weights;
        if (k == 0) {
            *d_input = std::move(d_h);
            return;
        }
        if (!tape.kept.empty()) d_h = d_h.cwiseProduct(tape.kept[k - 1]);
        delta = elu_backward(tape.activated[k - 1], d_h);
    }
}

}  // namespace treelab::nn
