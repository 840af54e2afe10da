#pragma once
// The LatentTrees model of 000 (ICLR formulation, as vzantedeschi/LatentTrees at commit 3586d66 implements it) on one flat
// parameter vector, with its exact (Clarke) gradient written by hand:
//   s = act(X Wᵀ + b)                         oblique splits, optional ELU (000 §4)
//   q = eq. 1 on s (soft_routing.h)         left child −s, right child +s (000 §3.1)
//   a = T_η(q) on the batch                   000 eq. 4, Alg. 1 (pav_solver.h)
//   z = min(clamp(q, 0, 1), a)                000 Prop. 1
//   f = f_φ([x, z_leaves])                    linear (000 §3.3) or an MLP (000 §4), nn/mlp.h
//   L = mean loss(f, y) + λ‖η‖_∞              000 eq. 10, Ω = ∞ (or λ·mean a, or λ in the QP: Formulation)
// Layout of the vector: W (internal × inputs, column-major), b (internal), η (nodes), then φ, the
// predictor's parameters in nn/mlp.h's layout; for the linear f_φ one layer: its weights
// (outputs × (inputs + leaves), column-major), then its bias (outputs).
#include <cstdint>
#include <random>
#include <span>

#include <Eigen/Core>

#include "core/learners/latent/pav_solver.h"
#include "core/model/tree_model.h"
#include "core/nn/mlp.h"

namespace treelab::latent {

struct Workspace;  // latent_workspace.h

enum class Loss { CrossEntropy, SquaredError };  // softmax cross-entropy over classes; MSE over outputs

// Where λ acts (pav_solver.h, PruningQpWeights):
//   Activity: λ · mean_t a_t added to the loss, a soft share of active nodes (as cost-complexity
//         pruning's α per leaf): λ is the rise in mean loss worth the whole tree; its gradient
//         reaches η and the splits through the QP's backward pass, and stops at a_t = 0;
//   Iclr: 000 eq. 10 as written, λ‖η‖∞ added to the loss;
//   Icml: the authors' ICML-2021 formulation, no η: λ weighs a_t² inside the QP, on q + ½.
enum class Formulation { Activity, Iclr, Icml };
enum class EtaInit { Symmetric, Positive };

struct Spec {
    int depth = 1;
    Eigen::Index inputs = 0, outputs = 0;  // feature columns read; classes or regressed values
    SplitActivation activation = SplitActivation::None;
    Loss loss = Loss::CrossEntropy;
    double lambda = 0.0;  // weight of mean a (Activity), ‖η‖_∞ (Iclr) or a² in the QP (Icml)
    Formulation formulation = Formulation::Activity;
    EtaInit eta_init = EtaInit::Symmetric;
    double batch_rows = 1.0;  // B, the training batch size: a solve on n rows weighs its anchor by n / B
    // f_φ's fully-connected layers: 1 = linear, more = the reference's MLP (hidden widths 64, 128, …)
    // with ELU and, in training, dropout between the layers (000 §4, "Architecture details").
    int predictor_layers = 1;
    double dropout = 0.0;

    Eigen::Index internal() const { return (Eigen::Index{1} << depth) - 1; }
    Eigen::Index nodes() const { return 2 * internal() + 1; }
    Eigen::Index leaves() const { return internal() + 1; }
    Eigen::Index parameters() const;
    nn::MlpShape predictor() const { return nn::reference_mlp_shape(inputs + leaves(), outputs, predictor_layers); }
};

// Read-only views of the parts of a parameter vector.
struct ParameterView {
    Eigen::Map<const Eigen::MatrixXd> W;
    Eigen::Map<const Eigen::VectorXd> b, eta;
    std::span<const double> phi;  // the predictor's (Spec::predictor)
};
ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters);

// The pruning QP's weights for a solve on `rows` rows (pav_solver.h): anchor (1 or λ) · rows / B,
// so that the tree solved once on the training set matches the per-batch solves of training.
PruningQpWeights qp_weights(const Spec& spec, Eigen::Index rows);

// PyTorch's default Linear init, U(±1/√fan_in), for W, b (fan_in = inputs) and every layer of f_φ
// (nn::initialize_mlp); η ~ U(−1, 1) (000 Alg. 2) or U(0, 1), 0 for Icml. Deterministic for a seed
// on every platform.
Eigen::VectorXd initial_parameters(const Spec& spec, std::uint32_t seed);

// Targets: rows × 1 class indices (CrossEntropy) or rows × outputs values (SquaredError).
// Returns 000 eq. 10 on this batch (a solved on these rows) and, when `gradient` is non-null,
// writes its gradient (sized like `parameters`). Ties in the mins go to the parent's q and to
// clamp(q) over a. `dropout_random` (training) draws the MLP predictor's dropout masks at rate
// spec.dropout; null = no dropout.
double batch_loss(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient,
                  std::mt19937* dropout_random = nullptr);
// The same with work buffers kept between calls (training), on every core (latent_workspace.h).
double batch_loss(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                  const Eigen::Ref<const Eigen::MatrixXd>& targets, Eigen::VectorXd* gradient, Workspace& workspace,
                  std::mt19937* dropout_random = nullptr);

// q of the rows (rows × nodes) and the pruning a = T_η(q) solved on all of them.
Eigen::MatrixXd path_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);
Eigen::VectorXd activity(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);
// The same in a workspace kept by the caller (the per-epoch evaluation): q into workspace.q, and a
// solved on workspace.q.
void path_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X, Workspace& workspace);
Eigen::VectorXd activity(const Spec& spec, const Eigen::VectorXd& parameters, Workspace& workspace);

// f_φ(x, z) with a fixed activity a (rows × outputs), from the rows or from their q, and the mean
// loss without regulariser.
Eigen::MatrixXd outputs(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                        const Eigen::Ref<const Eigen::VectorXd>& a);
Eigen::MatrixXd outputs_of_scores(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                  const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a);
double mean_loss(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& outputs,
                 const Eigen::Ref<const Eigen::MatrixXd>& targets);

}  // namespace treelab::latent
