#pragma once
// GET's soft forward pass over a whole batch (004 §3): the split margins u = b − A·x, the soft
// left indicators Î = σ(α·u) (eq. 4) and the path product of every node (eq. 2 with Î), i.e. the
// probability mass of each row reaching it. Memory O(n·2^D): the margins, the indicators and one
// reach column per node; the reference holds n × 2^D × D path factors
// (maoqiangqiang/GET GET/GET_IterAlp.py; its path tables from GET/treeFunc.py).
#include <Eigen/Core>

#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get {

// Buffers of one batch size, allocated once per run and reused by the backward
// pass (get_backward.h), which overwrites `margins` with ∂/∂u and `reach` with ∂/∂reach.
struct Workspace {
    Workspace() = default;
    Workspace(const Spec& spec, Eigen::Index rows);
    void resize(const Spec& spec, Eigen::Index rows);  // keeps the memory when the shape is the same

    Eigen::MatrixXd margins;  // rows × N: u = b − A·x (a row goes left iff u >= 0)
    Eigen::MatrixXd left;     // rows × N: Î = σ(α·u)
    Eigen::MatrixXd reach;    // rows × (2L − 1), heap order: Π over the path of Î or 1 − Î; leaves last
    Eigen::VectorXd column;   // rows: one leaf's losses
    Eigen::MatrixXd slopes;   // rows × L for linear leaves (else rows × 0): k_l·x, then reach·residual (get_loss.h)
};

// margins of `parameters` for the rows X (rows × p); the hard tree reads their signs (get_hard_tree.h).
void split_margins(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                   Eigen::Ref<Eigen::MatrixXd> margins);

// From work.margins (already computed for these parameters and rows): left and reach at scale factor α.
void soft_routing(const Spec& spec, double alpha, Workspace& work);

}  // namespace treelab::get
