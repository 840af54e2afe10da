#pragma once
// A chain of fully-connected layers without activations: DGT's over-parameterised predicate layer
// (003 §3.2; microsoft/DGT src/models/xdgt.py, an nn.Sequential of nn.Linear). It is the
// MLP of mlp.h without its ELU, in the same layout (W_k size_k × size_{k−1} column-major, then
// b_k), and its map is affine:
//   z = W_L(…(W_2(W_1 x + b_1) + b_2)…) + b_L = A x + c,
//   A = W_L⋯W_1,   c = W_L(⋯(W_2 b_1 + b_2)⋯) + b_L.
// A batch can run through it in two ways with the same result up to rounding: layer by layer
// (rows × size_k activations per layer), or through the product A formed once per step (003 §3.2:
// "each node still has a linear decision function"), whose gradient then flows back to every
// factor W_k. Forming the product costs about inputs × Σ_k size_k·size_{k−1} multiplications,
// running the rows through the layers rows × the same sum, so the product wins when the batch has
// more rows than the chain has inputs (DGT on letter: 16 inputs, 128 rows; cheaper_strategy).
#include <span>
#include <vector>

#include <Eigen/Core>

#include "core/nn/matrix_product.h"
#include "core/nn/mlp.h"

namespace treelab::nn {

struct AffineMap {
    Eigen::MatrixXd A;  // outputs × inputs
    Eigen::VectorXd c;  // outputs
};

enum class ChainStrategy { Product, LayerByLayer };

// One chain's work buffers: what a forward pass keeps for its backward pass. Buffers live from
// call to call, so a run that keeps one chain per batch size allocates them once. Scalar: double,
// or float for a learner's float32 storage (DGT's precision=float32).
template <class Scalar>
class BasicLinearChain {
public:
    using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;

    // Throws Error for a shape with no layer or a width below 1.
    explicit BasicLinearChain(MlpShape shape);

    // The strategy with the fewer multiplications for a batch of `rows` rows (see the top).
    ChainStrategy cheaper_strategy(Eigen::Index rows) const;

    // The folded affine map (A, c) of these parameters, in double (layout of mlp.h; Error on a size mismatch).
    AffineMap fold(std::span<const Scalar> parameters) const;

    // rows × outputs Z = X Aᵀ + c, by `strategy`; keeps what backward() needs. The reference stays
    // valid until the next forward().
    const Matrix& forward(std::span<const Scalar> parameters, const Eigen::Ref<const Matrix>& X, ChainStrategy strategy);

    // From G = ∂L/∂Z of the last forward() on the same parameters and X: writes ∂L/∂parameters into
    // `d_parameters` (sized like the parameters), or adds it to what they hold (Into::Add: DGT puts
    // its L1 gradient there first, which saves two passes over 10⁶–10⁸ weights per step). Throws
    // Error when no forward() of this shape of X came first.
    void backward(std::span<const Scalar> parameters, const Eigen::Ref<const Matrix>& X, const Eigen::Ref<const Matrix>& G,
                  std::span<Scalar> d_parameters, Into into = Into::Overwrite);

private:
    using Layers = std::vector<BasicMlpLayer<Scalar>>;
    using MutableLayers = std::vector<BasicMutableMlpLayer<Scalar>>;
    // The augmented prefixes [A_k | c_k] = [W_k⋯W_1 | c_k], k = 1..L (see linear_chain.cpp).
    static void fold_prefixes(const Layers& layers, std::vector<Matrix>& prefixes);
    void backward_product(const Layers& layers, const Eigen::Ref<const Matrix>& X, const Eigen::Ref<const Matrix>& G,
                          MutableLayers& d_layers, Into into);
    void backward_layers(const Layers& layers, const Eigen::Ref<const Matrix>& X, const Eigen::Ref<const Matrix>& G,
                         MutableLayers& d_layers, Into into);

    MlpShape shape_;
    ChainStrategy last_ = ChainStrategy::Product;
    Eigen::Index last_rows_ = -1;
    // Product: the prefixes [A_k | c_k]. Layer by layer: the activations h_k (k = 1..L−1; h_L is Z).
    std::vector<Matrix> prefixes_;
    std::vector<Matrix> activations_;
    Matrix Z_;
    // Backward, per layer k: ∂L/∂[A_k | c_k] (product), or ∂L/∂h_k (layer by layer; ∂L/∂Z is G itself).
    std::vector<Matrix> gradients_;
};

using LinearChain = BasicLinearChain<double>;

extern template class BasicLinearChain<double>;
extern template class BasicLinearChain<float>;

}  // namespace treelab::nn
