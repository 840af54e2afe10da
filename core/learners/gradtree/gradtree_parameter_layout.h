#pragma once
// The dense GradTree of 001 on one flat parameter vector (001 §3.1–3.2): for depth d,
// N = 2^d − 1 internal nodes (heap order, children 2i+1 left and 2i+2 right) and L = 2^d leaves:
//   I ∈ ℝ^{N×n}   feature-selection logits, node i reads feature argmax entmax₁.₅(I_i)   (001 §3.2–3.3)
//   T ∈ ℝ^{N×n}   one threshold per node AND feature, so a node that switches feature gets
//                 back the threshold it remembers for the new one (001 §3.2)
//   Λ ∈ ℝ^{L×m}   leaf outputs: m = 1 logit for binary (then σ), C logits for multi-class (then
//                 softmax), 1 value for regression (001 §3.3; regression is TreeLab's addition)
// Layout of the vector: I, T (both N × n, column-major), then Λ (L × m, column-major).
#include <cstdint>

#include <Eigen/Core>

#include "core/nn/poly1_loss.h"

namespace treelab::gradtree {

// The training loss on the leaf outputs z (001 §4.1, App. C), averaged over the rows:
//   CrossEntropy: binary (outputs = 1) σ + binary cross-entropy, multi-class softmax cross-entropy;
//   Focal: the same with the focal factor (1 − p_t)^γ, γ = Spec::focal_gamma (the tuned configs' 3);
//   SquaredError: regression, (z − y)².
// Either classification loss may add Poly-1's ε(1 − p_t) (Spec::poly_epsilon, nn/poly1_loss.h).
enum class Loss { CrossEntropy, Focal, SquaredError };

struct Spec {
    int depth = 1;
    Eigen::Index inputs = 0;   // n, feature columns
    Eigen::Index outputs = 1;  // m: 1 (binary, regression) or C ≥ 3 classes
    Loss loss = Loss::CrossEntropy;
    double focal_gamma = 3.0;  // 001 App. C (Lin et al. 2017); the code's focalLossGamma
    double poly_epsilon = 0.0;  // 001 App. C, Table 12 (Leng et al. 2022); the code's polyLossEpsilon; 0 = no Poly-1 term (polyLoss=False)
    nn::PolyPt poly_pt = nn::PolyPt::Activated;  // the paper code's p_t (poly1_loss.h), or the clean one

    Eigen::Index internal() const { return (Eigen::Index{1} << depth) - 1; }
    Eigen::Index leaves() const { return internal() + 1; }
    Eigen::Index parameters() const { return 2 * internal() * inputs + leaves() * outputs; }
    // Throws treelab::Error when the shape cannot make a tree (depth < 1, no inputs, no outputs).
    void validate() const;
};

// Views of the parts of a parameter vector (sized spec.parameters(), else treelab::Error).
struct ParameterView {
    Eigen::Map<const Eigen::MatrixXd> I, T, leaf;
};
ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters);
// The same parts of a gradient vector, writable.
struct GradientView {
    Eigen::Map<Eigen::MatrixXd> I, T, leaf;
};
GradientView gradient_view(const Spec& spec, Eigen::VectorXd& gradient);

// The paper code's GlorotUniform with one seed for all three arrays (GDT.py; not in the paper): I and T
// are the SAME matrix, U(±√(6/(N + n))); Λ is U(±√(3/L)) for one output (Keras' fan of a 1-D
// shape) and U(±√(6/(L + C))) for C. Each array is drawn from a generator seeded with `seed`, as
// the code seeds each initializer; deterministic on every platform (nn/random_uniform.h).
Eigen::VectorXd initial_parameters(const Spec& spec, std::uint32_t seed);

}  // namespace treelab::gradtree
