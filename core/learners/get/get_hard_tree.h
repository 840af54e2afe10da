#pragma once
// GET's hard tree (004 §3.2, "Clarification for the adoption of hard-split in inference"): the
// splits of the parameters with hard tests, and leaf values refitted on the hard routing of the
// training rows (004 Algorithm 1 line 12, App. C; the code's update_c), which is what every epoch
// is judged by and what is returned (reference_implementations.md §4.3, §7 item 12).
#include <Eigen/Core>

#include "core/learners/get/get_params.h"

namespace treelab::get {

// Leaf (0 .. L − 1) of every row of X (rows × p): from the root, left iff a·x <= b. Only the D
// splits on a row's own path are computed, O(n·D·p) rather than the O(n·2^D·p) of all margins,
// which is what makes scoring the hard tree every epoch cheap at depth 12.
Eigen::VectorXi hard_leaves(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X);

// The same leaves from the margins u = b − a·x of every node (rows × N, get_forward.h), left iff
// u >= 0: the training rows' hard tree comes free with the soft objective's forward pass.
void leaves_of_margins(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& margins, Eigen::Ref<Eigen::VectorXi> leaves);

// L × m leaf values from the training targets (rows × 1 unit-scaled target, or rows × C one-hot)
// of the rows in each leaf: the mean target, or the class frequencies. An empty leaf takes the
// code's (min y + max y)/2 (reference_implementations.md §4.3, update_c), or for classes the
// training class frequencies.
Eigen::MatrixXd refit_leaves(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& targets);

// The objective of the hard tree (004 Algorithm 1 line 14): the mean squared error of the leaf
// means, or the mean log-loss of the leaf class frequencies, a frequency below kLeastFrequency
// taken as that (it matters only for rows the values were not refitted on, e.g. validation rows).
double hard_objective(const Spec& spec, const Eigen::VectorXi& leaves, const Eigen::Ref<const Eigen::MatrixXd>& leaf_values,
                      const Eigen::Ref<const Eigen::MatrixXd>& targets);

// Leaf parameters that start training from these leaf values: the values for regression, the log
// frequencies for classes (a frequency of 0 taken as kLeastFrequency, so the logits stay finite).
Eigen::MatrixXd leaf_parameters(const Spec& spec, const Eigen::Ref<const Eigen::MatrixXd>& leaf_values);
constexpr double kLeastFrequency = 1e-6;

}  // namespace treelab::get
