#pragma once
// The logistic sigmoid, plain and scaled, applied entry-wise to a batch.
#include <Eigen/Core>

namespace treelab::nn {

// σ(u) = 1/(1 + e^−u), evaluated without overflow for either sign of u.
double sigmoid(double u);
Eigen::MatrixXd sigmoid(const Eigen::Ref<const Eigen::MatrixXd>& u);

// log σ(u) = −log(1 + e^−u) = −softplus(−u), stable for any u (no log of 0, no exp overflow).
double log_sigmoid(double u);

// GET's scaled sigmoid s = σ(α·u) (004 §4.1; maoqiangqiang/GET GET/GET_IterAlp.py: the soft left indicator
// σ(α(b − a·x)), custom autograd `scaledSigmoid`), and its backward pass:
// ∂L/∂u = g · α · s · (1 − s), with g = ∂L/∂s and s the forward output.
Eigen::MatrixXd scaled_sigmoid(const Eigen::Ref<const Eigen::MatrixXd>& u, double alpha);
Eigen::MatrixXd scaled_sigmoid_backward(const Eigen::Ref<const Eigen::MatrixXd>& s, const Eigen::Ref<const Eigen::MatrixXd>& g,
                                        double alpha);
// The same into buffers of the right shape allocated once per run; `g_to_u`
// holds g on entry and ∂L/∂u on return. Throw treelab::Error on a shape mismatch.
void scaled_sigmoid_into(const Eigen::Ref<const Eigen::MatrixXd>& u, double alpha, Eigen::Ref<Eigen::MatrixXd> s);
void scaled_sigmoid_backward_in_place(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::Ref<Eigen::MatrixXd> g_to_u, double alpha);

}  // namespace treelab::nn
