#pragma once
// The DGT network's passes (dgt_params.h): the training step of 003 Algorithm 2 / Algorithm 3 on a
// whole mini-batch with its hand-written straight-through backward pass, and the hard forward
// pass the per-epoch evaluation and the extracted tree share.
#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "core/learners/dgt/dgt_params.h"
#include "core/nn/linear_chain.h"

namespace treelab::dgt {

// The loss on the OR outputs (rows × K), averaged over the rows: softmax cross-entropy on the class
// logits (the code's CrossEntropyLoss), or the squared error of the value (MSELoss().mean(), on the
// target min-max scaled to [0, 1]; reference_implementations.md §3.1, §3.3). With `d_outputs`,
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
class Network {
public:
    // l1 = λ of the L1 penalty on every predicate-layer parameter, weights and biases of the whole
    // chain (the code's _get_reg_loss with pred_reg_only; 003 eq. 1). Throws Error for a bad spec.
    Network(const Spec& spec, double l1);

    // 003 Algorithm 2 on a batch: the hard forward pass, then the straight-through backward pass
    // (the quantiser's window, the one-hot's gradient through softmax(and_z), the chain's gradient to
    // every factor). Returns the mean loss plus λ‖chain‖₁ and writes its gradient (sized like the
    // parameters). y: class indices, or the scaled target.
    double batch_loss(const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                      const Eigen::Ref<const Eigen::VectorXd>& y, Eigen::VectorXd& gradient);

private:
    struct Workspace {
        explicit Workspace(const Spec& spec) : chain(spec.chain()) {}
        nn::LinearChain chain;
        Eigen::MatrixXd q, a, and_z, d_and_a, d_a, d_Z, outputs, d_outputs;
        Eigen::VectorXi leaves;
        Eigen::Index rows = -1;
    };
    Workspace& workspace(Eigen::Index rows);

    Spec spec_;
    double l1_;
    Eigen::SparseMatrix<double> and_, and_transpose_;  // W (L × N) and Wᵀ
    Workspace full_, last_;
};

}  // namespace treelab::dgt
