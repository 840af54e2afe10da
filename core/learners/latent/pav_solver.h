#pragma once
// The pruning QP of 000 solved by tree-structured pool adjacent violators (000 Alg. 1 with Prop. 2),
// and its vector-Jacobian product (000 §3.2 "Backward pass"), for the ICLR formulation (learnable
// eta) and the authors' later ICML-2021 one (lambda inside the QP).
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/learners/latent/descending_columns.h"

namespace treelab {

// Each node's objective is (w/2)(a_t - eta_t)^2 + sum_i 1/2 max(q_it + c - a_t, 0)^2:
//   000 eq. 7 (ICLR): w = 1, c = 0, eta learnable;
//   ICML-2021 code (vzantedeschi/LatentTrees at HEAD, src/qp_fast.cpp): w = lambda, eta = 0, c = 1/2.
// A larger w weighs the anchor against more rows: solving on n rows with w * n / B reproduces, for
// one a, the sum of the per-batch objectives of an epoch of batches of B rows.
struct PruningQpWeights {
    double anchor = 1.0;  // w >= 0
    double shift = 0.0;   // c
};

// 000 eq. 7 / Prop. 2 / Algorithm 1: the tree-structured isotonic QP over the heap-ordered complete
// binary tree of T = 2^{D+1}-1 nodes (children of t: 2t+1, 2t+2).
struct PruningQpSolution {
    Eigen::VectorXd a;                 // a*_t clipped to [0, 1] (clipping the unconstrained solution is exact)
    Eigen::VectorXd a_unclipped;       // group values before the clip
    std::vector<int> group_of_node;    // node -> group index 0..G-1
    std::vector<double> denominator;   // per group: w|G| + k*
    double anchor = 1.0;               // w, for the eta gradient
    std::vector<std::vector<std::pair<int, int>>> support;  // per group: (row i, node t) pairs of S*_G
};
// q: rows × T (any real values; the learner's q has q_root = 1 and q_child <= q_parent), eta: T.
PruningQpSolution solve_pruning_qp(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& eta,
                                   const PruningQpWeights& weights = {});
// The same with the sorted columns' room kept by the caller between solves (training).
PruningQpSolution solve_pruning_qp(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& eta,
                                   const PruningQpWeights& weights, DescendingColumns::Storage& storage);
// Vector–Jacobian product (000 §3.2 "Backward pass"; vzantedeschi/LatentTrees src/qp.py, PruningQPFast.backward): given
// dL/da (for the CLIPPED a), writes dL/dq (rows × T, overwritten) and dL/deta (T, overwritten).
// Entries of groups whose a is clipped (a_unclipped <= 0 or >= 1) get zero gradient.
// Its sparse form: writes dL/deta and returns, per group, dL/dq of each (row, node) of its support
// (dL/dq is 0 elsewhere), for callers that scatter it themselves.
std::vector<double> pruning_qp_support_gradients(const PruningQpSolution& solution, const Eigen::Ref<const Eigen::VectorXd>& grad_a,
                                                 Eigen::Ref<Eigen::VectorXd> grad_eta);
void pruning_qp_backward(const PruningQpSolution& solution, const Eigen::Ref<const Eigen::VectorXd>& grad_a,
                         Eigen::Ref<Eigen::MatrixXd> grad_q, Eigen::Ref<Eigen::VectorXd> grad_eta);

}  // namespace treelab
