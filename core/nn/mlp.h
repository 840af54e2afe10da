#pragma once
// A multi-layer perceptron on a flat parameter span, so that it sits inside a learner's parameter
// vector: LatentTrees' predictor f_φ (000 §4, "Architecture details": L fully-connected layers with
// ELU and dropout; vzantedeschi/LatentTrees `src/utils.py: MLP`: 64 units, each further layer doubling):
//   h_0 = x,   h_k = dropout(elu(h_{k−1} W_kᵀ + b_k)) for k < L,   output = h_{L−1} W_Lᵀ + b_L.
// One layer (L = 1) is a linear map. Layout, layer after layer as PyTorch's state_dict orders them:
// W_k (size_k × size_{k−1}, column-major), then b_k (size_k).
#include <random>
#include <span>
#include <vector>

#include <Eigen/Core>

namespace treelab::nn {

struct MlpShape {
    std::vector<Eigen::Index> sizes;  // inputs, hidden widths…, outputs: layers() + 1 entries

    Eigen::Index layers() const { return static_cast<Eigen::Index>(sizes.size()) - 1; }
    Eigen::Index inputs() const { return sizes.front(); }
    Eigen::Index outputs() const { return sizes.back(); }
    Eigen::Index parameters() const;
};

// The reference's MLP(in, out, layers): `layers` fully-connected layers (000 §4 tunes L in 2..5),
// the hidden ones 64 units wide, then each twice the previous (64, 128, 256, …); layers = 1 is
// linear. Throws Error for layers < 1.
MlpShape reference_mlp_shape(Eigen::Index inputs, Eigen::Index outputs, int layers);

// PyTorch's default Linear init: W_k and b_k ~ U(±1/√size_{k−1}), drawn in layout order
// (random_uniform.h), so deterministic for a generator state on every platform.
void initialize_mlp(const MlpShape& shape, std::mt19937& random, std::span<double> parameters);

// A view of one fully-connected layer, u = h Wᵀ + b, read-only (float for a float32 chain).
template <class Scalar>
struct BasicMlpLayer {
    Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>> weights;  // outputs × inputs of the layer
    Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, 1>> bias;                  // outputs of the layer
};
using MlpLayer = BasicMlpLayer<double>;

// The layers of a flat parameter vector (layout above). Throws Error if its size is not the shape's.
std::vector<MlpLayer> mlp_layers(const MlpShape& shape, std::span<const double> parameters);
std::vector<BasicMlpLayer<float>> mlp_layers(const MlpShape& shape, std::span<const float> parameters);

// The same layers, writable, in a vector laid out like the parameters (e.g. a gradient).
template <class Scalar>
struct BasicMutableMlpLayer {
    Eigen::Map<Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>> weights;
    Eigen::Map<Eigen::Matrix<Scalar, Eigen::Dynamic, 1>> bias;
};
using MutableMlpLayer = BasicMutableMlpLayer<double>;
std::vector<MutableMlpLayer> mutable_mlp_layers(const MlpShape& shape, std::span<double> values);
std::vector<BasicMutableMlpLayer<float>> mutable_mlp_layers(const MlpShape& shape, std::span<float> values);

// Inverted dropout (training only) after every hidden ELU: a unit is kept with probability 1 − rate
// and then scaled by 1/(1 − rate), as torch.nn.Dropout. The mask of each hidden layer is drawn in
// layer order, rows × width column-major, one random_uniform u per entry, kept iff u ≥ rate.
struct Dropout {
    double rate = 0.0;  // in [0, 1)
    std::mt19937& random;
};

// What the backward pass needs of a forward pass.
struct MlpTape {
    std::vector<Eigen::MatrixXd> inputs;      // h_{k−1}, the input of layer k (inputs[0] = x)
    std::vector<Eigen::MatrixXd> activated;   // elu(…) of each hidden layer, before dropout
    std::vector<Eigen::MatrixXd> kept;        // each hidden layer's dropout factors (0 or 1/(1 − rate)); empty without dropout
};

// rows × outputs on a batch x (rows × inputs), ELU between the layers, none after the last.
// `dropout` null or of rate 0 = evaluation (no dropout, no draw). With `tape`, records what
// mlp_backward needs. Throws Error for layers whose sizes do not chain.
Eigen::MatrixXd mlp_forward(std::span<const MlpLayer> layers, const Eigen::Ref<const Eigen::MatrixXd>& x, MlpTape* tape = nullptr,
                            const Dropout* dropout = nullptr);
Eigen::MatrixXd mlp_forward(const MlpShape& shape, std::span<const double> parameters, const Eigen::Ref<const Eigen::MatrixXd>& x,
                            MlpTape* tape = nullptr, const Dropout* dropout = nullptr);

// From g = ∂L/∂output (rows × outputs) of the taped forward pass: writes ∂L/∂parameters into
// `d_parameters` (sized like the parameters, overwritten) and, when `d_input` is non-null, ∂L/∂x.
void mlp_backward(const MlpShape& shape, std::span<const double> parameters, const MlpTape& tape,
                  const Eigen::Ref<const Eigen::MatrixXd>& g, std::span<double> d_parameters, Eigen::MatrixXd* d_input);

}  // namespace treelab::nn
