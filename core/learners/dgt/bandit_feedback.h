#pragma once
// DGT-Bandit's estimates of ∂L/∂outputs (003 §4 (b), Algorithm 1 line 10). The gradient of the
// loss at the prediction factors as ℓ'(θ_l)·∇f (003 eq. 6): the network's backward pass gives ∇f
// (dgt_network.h), and ℓ' is estimated from loss queries alone (loss_oracle.h), never from the
// labels. Each estimator returns the loss it reports for the batch and writes d_outputs (rows × K),
// averaged over the rows as the supervised losses are (a round of several rows = the code's
// batch of one with gradients accumulated over those rows, dgt_hyperparameters.cpp):
//   classification, ε-greedy (003 eqs. 7–8; the code's black_box=class): play â ~ p,
//     p(k) = (1 − γ)·1[k = argmax_k' o(k')] + γ/K, query ℓ(â) ∈ {0, 1}, and take
//     ∂/∂o(â) = 2·p(â)⁻¹·(ℓ(â) − (1 − σ(o(â))))·σ(o(â))·(1 − σ(o(â)))          (003 eq. 8),
//     which is the derivative of the code's loss MSE(σ(o(â)), reward)/p(â), reward = 1 − ℓ(â)
//     (microsoft/DGT src/models/xdgt.py, --black_box class), the loss reported: σ − reward = ℓ − (1 − σ).
//     Its expectation over â is the full-information gradient of Σ_k (σ(o(k)) − 1[k = y])².
//   regression, one point (003 eq. 9, Flaxman et al. 2005; the code's smart1p): u = ±1,
//     ℓ'(ŷ) ≈ ℓ(ŷ + δu)·u/δ, one query; over u its mean is (ℓ(ŷ + δ) − ℓ(ŷ − δ))/(2δ). Reported:
//     the queried loss ℓ(ŷ + δu).
//   regression, two points (003 eq. 10, Shamir 2017; the code's smart2p):
//     ℓ'(ŷ) ≈ (ℓ(ŷ + δ) − ℓ(ŷ − δ))/(2δ), two queries; exact for the squared loss. The code's
//     (ℓ(ŷ + δu) − ℓ(ŷ − δu))·u/(2δ) is the same number for u = ±1, so no u is drawn. Reported:
//     the mean of the two queried losses.
#include <random>

#include <Eigen/Core>

#include "core/learners/dgt/loss_oracle.h"

namespace treelab::dgt {

enum class Estimator { OnePoint, TwoPoint };

struct BanditSettings {
    double exploration = 0.3;                   // γ of 003 eq. 7 (written δ there; App. C.3.2: 0.3)
    Estimator estimator = Estimator::OnePoint;  // regression (003 Fig. 3: one point; Table 6: two)
    double perturbation = 0.5;                  // δ of 003 eqs. 9–10 (App. C.3.2: 0.5)
};

// Loss queries per row: 1 (ε-greedy, one point) or 2 (two points).
int queries_per_row(bool classification, const BanditSettings& settings);

// 003 eq. 7 for each row of class scores (rows × K): p(k) = (1 − γ)·1[k = argmax] + γ/K, the argmax
// with nn/argmax.h's tie rule.
Eigen::MatrixXd exploration_probabilities(const Eigen::Ref<const Eigen::MatrixXd>& logits, double exploration);

// One class per row drawn from that row of `probabilities` (one uniform draw each, inverse CDF).
Eigen::VectorXi draw_actions(const Eigen::Ref<const Eigen::MatrixXd>& probabilities, std::mt19937& random);

// 003 eq. 8 for the played `actions` (one oracle query per row): the mean of the code's
// MSE(σ(o(â)), 1 − ℓ(â))/p(â) over the rows, and its gradient (nonzero at the played class only).
double importance_weighted_loss(const Eigen::Ref<const Eigen::MatrixXd>& logits, const Eigen::Ref<const Eigen::MatrixXd>& probabilities,
                                const Eigen::Ref<const Eigen::VectorXi>& actions, LossOracle& oracle, Eigen::MatrixXd& d_logits);

// ±1 per row, each with probability 1/2.
Eigen::VectorXd draw_signs(Eigen::Index rows, std::mt19937& random);

// 003 eq. 9 for the prediction ŷ of each row (rows × 1) and its sign u.
double one_point_loss(const Eigen::Ref<const Eigen::VectorXd>& values, const Eigen::Ref<const Eigen::VectorXd>& signs, double delta,
                      LossOracle& oracle, Eigen::MatrixXd& d_values);

// 003 eq. 10 for the prediction ŷ of each row (rows × 1).
double two_point_loss(const Eigen::Ref<const Eigen::VectorXd>& values, double delta, LossOracle& oracle, Eigen::MatrixXd& d_values);

// The estimator the task and `settings` choose on the network's outputs, its draws from `random`.
double bandit_loss(bool classification, const BanditSettings& settings, const Eigen::Ref<const Eigen::MatrixXd>& outputs,
                   LossOracle& oracle, std::mt19937& random, Eigen::MatrixXd& d_outputs);

}  // namespace treelab::dgt
