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
// call to call, so a run that keeps one LinearChain per batch size allocates them once.
class LinearChain {
public:
    // Throws Error for a shape with no layer or a width below 1.
    explicit LinearChain(MlpShape shape);

    // The strategy with the fewer multiplications for a batch of `rows` rows (see the top).
    ChainStrategy cheaper_strategy(Eigen::Index rows) const;

    // The folded affine map (A, c) of these parameters (layout of mlp.h; Error on a size mismatch).
    AffineMap fold(std::span<const double> parameters) const;

    // rows × outputs Z = X Aᵀ + c, by `strategy`; keeps what backward() needs. The reference stays
    // valid until the next forward().
    const Eigen::MatrixXd& forward(std::span<const double> parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                   ChainStrategy strategy);

    // From G = ∂L/∂Z of the last forward() on the same parameters and X: writes ∂L/∂parameters into
    // `d_parameters` (sized like the parameters), or adds it to what they hold (Into::Add: DGT puts
    // its L1 gradient there first, which saves two passes over 10⁶–10⁸ weights per step). Throws
    // Error when no forward() of this shape of X came first.
    void backward(std::span<const double> parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& G, std::span<double> d_parameters, Into into = Into::Overwrite);

private:
    // The augmented prefixes [A_k | c_k] = [W_k⋯W_1 | c_k], k = 1..L (see linear_chain.cpp).
    static void fold_prefixes(const std::vector<MlpLayer>& layers, std::vector<Eigen::MatrixXd>& prefixes);
    void backward_product(const std::vector<MlpLayer>& layers, const Eigen::Ref<const Eigen::MatrixXd>& X,
                          const Eigen::Ref<const Eigen::MatrixXd>& G, std::vector<MutableMlpLayer>& d_layers, Into into);
    void backward_layers(const std::vector<MlpLayer>& layers, const Eigen::Ref<const Eigen::MatrixXd>& X,
                         const Eigen::Ref<const Eigen::MatrixXd>& G, std::vector<MutableMlpLayer>& d_layers, Into into);

    MlpShape shape_;
    ChainStrategy last_ = ChainStrategy::Product;
    Eigen::Index last_rows_ = -1;
    // Product: the prefixes [A_k | c_k]. Layer by layer: the activations h_k (k = 1..L−1; h_L is Z).
    std::vector<Eigen::MatrixXd> prefixes_;
    std::vector<Eigen::MatrixXd> activations_;
    Eigen::MatrixXd Z_;
    // Backward, per layer k: ∂L/∂[A_k | c_k] (product), or ∂L/∂h_k (layer by layer; ∂L/∂Z is G itself).
    std::vector<Eigen::MatrixXd> gradients_;
};

}  // namespace treelab::nn
