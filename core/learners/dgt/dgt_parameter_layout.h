#pragma once
// The DGT network of 003 (Dense Gradient Trees, Karthikeyan et al.) on one flat parameter vector,
// as the authors' code builds it (microsoft/DGT
// src/models/xdgt.py: DGT). For height h, N = 2^h − 1 internal nodes (heap order) and L = 2^h
// leaves:
//   predicate layer  Z = chain(X), a chain of linear layers without activations, inputs → hidden
//                    widths → N (003 §3.2, Table 12), biases zero at the start (ZERO_INIT_PRED_BIAS)
//   quantiser        a = 2·q − fac, q = (z ≥ 0)·fac (scale_binarizer.h), so a = ±fac
//   AND layer        and_z = a Wᵀ with the fixed W ∈ {−1, 0, +1}^{L×N} (and_layer.h), AND bias 0
//   leaf selection   one-hot of the reached leaf forward, softmax(and_z) backward (SoftSparser1)
//   OR layer         the reached leaf's row of Θ (L × K): K class logits plus one learnable bias
//                    shared by every class (XLinear(same=True)), or the regression value (bias 0)
// Layout: the chain (mlp.h's layout), then Θ (L × K, column-major), then the shared bias
// (classification only).
#include <cstdint>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "core/nn/mlp.h"

namespace treelab::dgt {

// How the predicate outputs are quantised (scale_binarizer.h): Scale = the code's
// ScaleBinarizer1 (run.sh), fac = mean |z| over the batch's predicate outputs; Sign = 003
// Algorithm 2 as written, sign(z) = ±1 (fac = 1).
enum class Quantiser { Scale, Sign };

struct Spec {
    int height = 1;
    Eigen::Index inputs = 0;
    Eigen::Index outputs = 1;  // K: one logit per class (the code's out_dim = n_classes, also for two), or 1 value
    bool classification = true;
    std::vector<Eigen::Index> hidden;  // widths of the hidden linear layers; empty = one layer (003 Table 7's L = 1)
    Quantiser quantiser = Quantiser::Scale;

    Eigen::Index internal() const { return (Eigen::Index{1} << height) - 1; }
    Eigen::Index leaves() const { return Eigen::Index{1} << height; }
    nn::MlpShape chain() const;  // inputs, hidden…, internal
    Eigen::Index chain_parameters() const { return chain().parameters(); }
    Eigen::Index parameters() const { return chain_parameters() + leaves() * outputs + (classification ? 1 : 0); }
    // Throws treelab::Error for a shape that cannot make a tree (height < 1, no inputs, no outputs,
    // a hidden width below 1, several regression outputs).
    void validate() const;
};

// Views of a parameter vector in double, or in float32 (precision=float32: the chain, Θ and the
// bias stored in float32).
template <class Scalar>
struct BasicParameterView {
    std::span<const Scalar> chain;
    Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>> leaf;  // Θ, L × K
    double bias;                                                                    // the shared OR bias; 0 for regression
};
using ParameterView = BasicParameterView<double>;
ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters);  // Error on a size mismatch
BasicParameterView<float> view(const Spec& spec, const Eigen::VectorXf& parameters);

template <class Scalar>
struct BasicGradientView {
    std::span<Scalar> chain;
    Eigen::Map<Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>> leaf;
    Scalar* bias;  // null for regression
};
using GradientView = BasicGradientView<double>;
GradientView gradient_view(const Spec& spec, Eigen::VectorXd& gradient);
BasicGradientView<float> gradient_view(const Spec& spec, Eigen::VectorXf& gradient);

// The code's initialisation with PyTorch's default Linear init: every chain weight
// U(±1/√fan_in), the chain's biases 0 (xconstants.py: ZERO_INIT_PRED_BIAS), Θ U(±1/√L)
// (nn.Linear(L, K, bias=False)), the shared bias U(±1/√L) (Utils.get_initialized_bias). Drawn in
// layout order from std::mt19937(seed) (nn/random_uniform.h), the same on every platform.
Eigen::VectorXd initial_parameters(const Spec& spec, std::uint32_t seed);

}  // namespace treelab::dgt
