#pragma once
// GET's hard tree (004 §3.2, "Clarification for the adoption of hard-split in inference"): the
// splits of the parameters with hard tests, and leaf values refitted on the hard routing of the
// training rows (004 Algorithm 1 line 12, App. C; the code's update_c), which is what every epoch
// is judged by and what is returned (the code's CalMSEonEpochEnd keeps the best hard tree by training MSE).
#include <Eigen/Core>

#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get {

// Leaf (0 .. L − 1) of every row of X (rows × p): from the root, left iff a·x <= b. Only the D
// splits on a row's own path are computed, O(n·D·p) rather than the O(n·2^D·p) of all margins,
// which is what makes scoring the hard tree every epoch cheap at depth 12.
Eigen::VectorXi hard_leaves(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);

// The same leaves from the margins u = b − a·x of every node (rows × N, get_forward.h), left iff
// u >= 0: the training rows' hard tree comes free with the soft objective's forward pass.
void leaves_of_margins(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& margins, Eigen::Ref<Eigen::VectorXi> leaves);

// A hard tree's leaves (004 App. C): per leaf its value (the constant, the intercept h of a linear
// leaf, or the class frequencies) and, for linear leaves, its slopes k.
struct LeafFit {
    Eigen::MatrixXd values;  // L × m
    Eigen::MatrixXd slopes;  // L × p for linear leaves, L × 0 otherwise
};

// Leaves refitted on the training rows X (rows × p) with their targets (rows × 1 unit-scaled
// target, or rows × C one-hot) that each leaf receives (004 App. C): the mean target, the class
// frequencies, or for linear leaves the least-squares fit of the target on x (linear_leaf_fit.h).
// An empty leaf takes the code's (min y + max y)/2 (maoqiangqiang/GET GET/treeFunc.py, update_c)
// with k = 0, or for classes the training class frequencies.
LeafFit refit_leaves(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& X,
                     const Eigen::Ref<const Eigen::MatrixXd>& targets);

// refit_leaves for one run's fixed rows X and targets, remembering its last partition: GET refits
// after every step and the hard routing often stays the same from one step to the next, so the
// same partition's fit is returned without solving again (the fit depends only on the partition).
class LeafRefit {
public:
    const LeafFit& operator()(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& X,
                              const Eigen::Ref<const Eigen::MatrixXd>& targets);

private:
    Eigen::VectorXi leaves_;
    LeafFit fit_;
};

// rows × m: what the hard tree predicts for the rows X in `leaves`: their leaf's value (plus k·x).
Eigen::MatrixXd hard_predictions(const Spec& spec, const Eigen::VectorXi& leaves, const LeafFit& fit,
                                 const Eigen::Ref<const Eigen::MatrixXd>& X);

// The objective of the hard tree (004 Algorithm 1 line 14): the mean squared error of its
// predictions, or the mean log-loss of the leaf class frequencies, a frequency below kLeastFrequency
// taken as that (it matters only for rows the values were not refitted on, e.g. validation rows).
double hard_objective(const Spec& spec, const Eigen::VectorXi& leaves, const LeafFit& fit, const Eigen::Ref<const Eigen::MatrixXd>& X,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets);

// Leaf parameters that start training from these leaf values: the values for regression, the log
// frequencies for classes (a frequency of 0 taken as kLeastFrequency, so the logits stay finite).
Eigen::MatrixXd leaf_parameters(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& leaf_values);
constexpr double kLeastFrequency = 1e-6;

// Sets the leaf parameters of `parameters` (C, and K for linear leaves) to start training from `fit`.
void set_leaf_parameters(const Spec& spec, const LeafFit& fit, Eigen::VectorXd& parameters);

}  // namespace treelab::get
