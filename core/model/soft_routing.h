#pragma once
// Soft routing (000 §3.1 eq. 1 and Prop. 1) on a whole batch (rows × nodes): how any TreeModel
// that carries a routing predictor routes its rows, and the one implementation the LatentTrees
// learner (core/learners/latent) trains through. Nodes are in heap order: node t has children
// 2t+1 (left) and 2t+2 (right); the internal nodes come first, then the 2^D leaves.
//
// Left/right: the paper sends x left iff s(x) < 0 (000 §3.1), so a left child's reward is −s and
// a right child's +s. The reference code flips this (vzantedeschi/LatentTrees src/LT_models.py, LatentTree._compute_q: left iff s > 0); we follow
// the paper. TreeModel stores the split s(x) = w·x + b as weights = w, threshold = −b (left iff
// w·x <= −b, i.e. s <= 0): the same routing except exactly at s = 0, where q gives both children 0.
#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

// Depth D of a complete binary tree of `nodes` = 2^(D+1) − 1 nodes, or −1 if no such D.
int complete_tree_depth(std::size_t nodes);

// s = act(X Wᵀ + b), rows × internal nodes; W is internal × features.
Eigen::MatrixXd latent_split_scores(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& W,
                                    const Eigen::Ref<const Eigen::VectorXd>& b, SplitActivation activation);
// The same into s (sized rows × internal), e.g. a block of rows of a larger buffer.
void latent_split_scores(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& W,
                         const Eigen::Ref<const Eigen::VectorXd>& b, SplitActivation activation, Eigen::Ref<Eigen::MatrixXd> s);

// q (000 eq. 1), rows × (2·internal + 1): q_root = 1, q_{2t+1} = min(q_t, −s_t),
// q_{2t+2} = min(q_t, s_t). With `source`, entry (i, t) receives the node c on the path to t whose
// edge term attains q_it (Danskin): q_it = −s_{i,(c−1)/2} for odd c, +s_{i,(c−1)/2} for even c,
// and c = 0 for the root's constant 1. Ties go to the parent.
Eigen::MatrixXd latent_path_scores(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::MatrixXi* source = nullptr);
// The same into q (sized rows × nodes) and source (sized like q, or 0 × 0 when not wanted).
void latent_path_scores(const Eigen::Ref<const Eigen::MatrixXd>& s, Eigen::Ref<Eigen::MatrixXd> q, Eigen::Ref<Eigen::MatrixXi> source);

// z = min(clamp(q, 0, 1), a_t) per node (000 Prop. 1).
Eigen::MatrixXd latent_traversal(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a);
// The same into z (sized like q).
void latent_traversal(const Eigen::Ref<const Eigen::MatrixXd>& q, const Eigen::Ref<const Eigen::VectorXd>& a, Eigen::Ref<Eigen::MatrixXd> z);

// [X, z_leaves], rows × (features + leaves): what f_φ reads (000 §3.3); z holds all nodes.
Eigen::MatrixXd latent_predictor_inputs(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::MatrixXd>& z);

// f_φ of a routing predictor on [X, z_leaves] (its dense layers, ELU between them: nn/mlp.h),
// rows × outputs. Throws Error when the layers do not read features + leaves values.
Eigen::MatrixXd latent_predictor(const RoutingPredictor& predictor, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                 const Eigen::Ref<const Eigen::MatrixXd>& z);

// The split s(x) = w·x + b as TreeModel stores it (weights = w, threshold = −b), and back.
void set_latent_split(TreeNode& node, const Eigen::Ref<const Eigen::VectorXd>& w, double b);
double latent_split_bias(const TreeNode& node);

// z of every row under a model with a routing predictor (rows × nodes).
Eigen::MatrixXd latent_traversal(const TreeModel& model, const Eigen::Ref<const Eigen::MatrixXd>& X);

}  // namespace treelab
