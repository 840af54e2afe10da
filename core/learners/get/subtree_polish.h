#pragma once
// GET's subtree polish (004 §4.2, App. E Algorithm 2): after the whole tree is fitted, each branch
// node's subtree is refitted on the training rows that reach it with Algorithm 1, warm-started
// from the current best tree's subtree, and spliced in only when the whole tree's hard training
// objective improves, so polish never raises it. Nodes are visited in heap order (parents before
// children, so a node's rows come from its already polished ancestors, Alg. 2 line 5), every
// branch node down to the last level as the paper's Algorithm 2 does; the authors' code stops the
// recursion at depth 4 (maoqiangqiang/GET GET/subtreePolish.py, `stopDepthForMH = 4`), which changes
// nothing at the default depth 4 and at depth > 4 only saves time, so TreeLab keeps the paper's
// rule and says it costs about D whole fits (each level's subsets together hold at most n rows).
// Linear leaves are polished the same way (their slopes travel with the subtree); the paper's
// GET-Linear runs without polish (App. F.2) because in its Table 9 (App. F.4) polish raised the
// training accuracy and lowered the test accuracy, so it stays an opt-in here as for GET.
#include <functional>

#include <Eigen/Core>

#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get {

// Fits a subtree of spec `sub` (depth D − depth of its root) on the training rows `rows`, started
// from `warm` (unit-scale parameters of `sub`); returns its parameters. Throws to stop polishing
// (a cancelled run).
using SubtreeFit = std::function<Eigen::VectorXd(const Spec& sub, const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& warm)>;

// The tree of `spec` after polishing `parameters` (unit-scale inputs X and targets as the hard
// tree takes them, get_hard_tree.h). A node is polished when more than one row reaches it and
// their targets are not all equal (Alg. 2 line 6).
Eigen::VectorXd polish_subtrees(const Spec& spec, Eigen::VectorXd parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                const Eigen::Ref<const Eigen::MatrixXd>& targets, const SubtreeFit& fit);

// The subtree rooted at branch node `root` as parameters of its own spec, and back: node k of the
// subtree at relative level r and position j is node ((root + 1) << r) − 1 + j of the tree.
Eigen::VectorXd subtree_parameters(const Spec& spec, const Eigen::VectorXd& parameters, Eigen::Index root);
void splice_subtree(const Spec& spec, Eigen::VectorXd& parameters, Eigen::Index root, const Eigen::VectorXd& subtree);

// Depth of heap node t (the root is at 0).
int node_depth(Eigen::Index t);

}  // namespace treelab::get
