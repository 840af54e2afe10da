#pragma once
// The DGT network's passes (dgt_parameter_layout.h): the training step of 003 Algorithm 2 / Algorithm 3 on a
// whole mini-batch with its hand-written straight-through backward pass, and the hard forward
// pass the per-epoch evaluation and the extracted tree share.
#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "core/learners/dgt/dgt_parameter_layout.h"
#include "core/nn/linear_chain.h"

namespace treelab::dgt {

// The loss on the OR outputs (rows × K), averaged over the rows: softmax cross-entropy on the class
// logits (the code's CrossEntropyLoss), or the squared error of the value (MSELoss().mean(), on the
// target min-max scaled to [0, 1]; microsoft/DGT src/main.py, src/models/xdgt.py). With `d_outputs`,
// writes ∂L/∂outputs.
double output_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs, const Eigen::Ref<const Eigen::VectorXd>& y,
                   Eigen::MatrixXd* d_outputs = nullptr);

// The hard network: each row's leaf and OR output (rows × K: Θ's row of the leaf plus the shared
// bias). Computed with the chain folded into (A, c), as the extracted tree routes (dgt_export.h).
struct HardPass {
    Eigen::VectorXi leaves;
    Eigen::MatrixXd outputs;
};
HardPass hard_forward(const Spec& spec, const nn::AffineMap& folded, const ParameterView& parameters,
                      const Eigen::Ref<const Eigen::MatrixXd>& X);

// One run's training passes, with buffers for the full batches and for the last, shorter one.
// The pass is split where a loss meets the outputs, so that supervised and bandit losses (003 §4
// (b): ∇ℓ(f) = ℓ'(θ_l)·∇f, eq. 6) share it: forward() gives the outputs, the loss gives ∂L/∂outputs,
// backward() turns that into the gradient of every parameter. Scalar is the parameters' storage:
// double, or float (precision=float32, as the authors' code trains in PyTorch's float32), where
// the chain's products and the L1 term run in float32 and the small rest (quantiser, AND and OR
// layers on batch × nodes) in double.
template <class Scalar>
class BasicNetwork {
public:
    using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

    // l1 = λ of the L1 penalty on every predicate-layer parameter, weights and biases of the whole
    // chain (the code's _get_reg_loss with pred_reg_only; 003 eq. 1). Throws Error for a bad spec.
    BasicNetwork(const Spec& spec, double l1);

    // The hard forward pass on a batch (003 Algorithm 1 line 7): each row's reached leaf and OR
    // outputs (rows × K). Keeps what backward() needs; the reference stays valid until the next
    // forward() of a batch of this many rows.
    const HardPass& forward(const Vector& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);

    // 003 Algorithm 2 from d_outputs = ∂L/∂outputs (rows × K) of the last forward() on the same
    // parameters and X: the straight-through backward pass (the quantiser's window, the one-hot's
    // gradient through softmax(and_z), the chain's gradient to every factor) plus the subgradient of
    // λ‖chain‖₁. Writes the gradient (sized like the parameters) and returns λ‖chain‖₁. Throws Error
    // when no forward() of this many rows came first or d_outputs has another shape.
    double backward(const Vector& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& d_outputs,
                    Vector& gradient);

    // Supervised (003 Algorithm 3): forward(), output_loss(), backward(). Returns the mean loss plus
    // λ‖chain‖₁ and writes its gradient. y: class indices, or the scaled target.
    double batch_loss(const Vector& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y,
                      Vector& gradient);

private:
    using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
    struct Workspace {
        explicit Workspace(const Spec& spec) : chain(spec.chain()) {}
        nn::BasicLinearChain<Scalar> chain;
        const Eigen::MatrixXd* Z = nullptr;  // the chain's output of the last forward(), in double
        Eigen::MatrixXd q, a, and_z, d_and_a, d_a, d_Z, d_outputs;
        Matrix X_stored, d_Z_stored;  // float32: the batch and ∂L/∂Z in float32
        Eigen::MatrixXd Z_double;     // float32: Z in double
        HardPass pass;
        Eigen::Index rows = -1;
    };
    Workspace& workspace(Eigen::Index rows);  // for a forward() of this many rows
    Workspace& forwarded(Eigen::Index rows);  // the one a forward() of this many rows filled

    Spec spec_;
    double l1_;
    Eigen::SparseMatrix<double> and_, and_transpose_;  // W (L × N) and Wᵀ
    Workspace full_, last_;
};

using Network = BasicNetwork<double>;

extern template class BasicNetwork<double>;
extern template class BasicNetwork<float>;

}  // namespace treelab::dgt
