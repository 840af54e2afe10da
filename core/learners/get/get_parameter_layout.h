#pragma once
// The GET tree of 004 on one flat parameter vector: for depth D, N = 2^D − 1 branch nodes (heap
// order, children 2t+1 left and 2t+2 right) and L = 2^D leaves:
//   A ∈ ℝ^{N×p}   split weights a_t        a row goes LEFT iff a_t·x <= b_t (004 §2; the code's
//   b ∈ ℝ^N       split thresholds b_t     a·x > b → right, maoqiangqiang/GET GET/GET_IterAlp.py)
//   C ∈ ℝ^{L×m}   leaf parameters: m = 1 constant per leaf (regression, 004 §2 (b)), or m = C class
//                 logits (classification, TreeLab's labelled extension beyond the paper); with
//                 linear leaves (GET-Linear, 004 §2 (a)) C holds the intercepts h_t
//   K ∈ ℝ^{L×p}   linear leaves only: the slopes k_t, leaf t predicting k_t·x + h_t
// Layout of the vector: A (column-major), b, C (column-major), then K (column-major, empty for
// constant leaves). Inputs and a regression target are on the unit scale the paper assumes
// (unit_scaling.h).
#include <random>

#include <Eigen/Core>

namespace treelab::get {

// The per-row, per-leaf loss ℓ(y_i, c_leaf) the objective weighs by the path products (004 eq. 3).
enum class LeafLoss {
    SquaredError,  // (y_i − c_l)², 004 §3.2
    LogLoss,       // −log softmax(C_l)[y_i], the classification extension
};

// What a leaf predicts: GET's constant (004 §2 (b)) or GET-Linear's k·x + h (004 §2 (a)).
enum class LeafModel { Constant, Linear };

struct Spec {
    int depth = 1;
    Eigen::Index inputs = 0;   // p, feature columns
    Eigen::Index outputs = 1;  // m: 1 (regression) or the number of classes
    LeafLoss loss = LeafLoss::SquaredError;
    LeafModel leaf_model = LeafModel::Constant;

    Eigen::Index internal() const { return (Eigen::Index{1} << depth) - 1; }
    Eigen::Index leaves() const { return internal() + 1; }
    Eigen::Index nodes() const { return internal() + leaves(); }
    bool linear() const { return leaf_model == LeafModel::Linear; }
    Eigen::Index slope_columns() const { return linear() ? inputs : 0; }  // columns of K
    Eigen::Index parameters() const { return internal() * (inputs + 1) + leaves() * (outputs + slope_columns()); }
    // Throws treelab::Error for a shape that makes no tree (depth outside [1, kMaxDepth], no inputs,
    // no outputs, a log loss with fewer than two classes, or linear leaves without the squared error).
    void validate() const;
};

constexpr int kMaxDepth = 14;

struct ParameterView {
    Eigen::Map<const Eigen::MatrixXd> A;
    Eigen::Map<const Eigen::VectorXd> b;
    Eigen::Map<const Eigen::MatrixXd> leaf;
    Eigen::Map<const Eigen::MatrixXd> K;  // L × p, or L × 0 for constant leaves
};
ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters);  // throws Error on a wrong size

struct MutableParameterView {
    Eigen::Map<Eigen::MatrixXd> A;
    Eigen::Map<Eigen::VectorXd> b;
    Eigen::Map<Eigen::MatrixXd> leaf;
    Eigen::Map<Eigen::MatrixXd> K;
};
MutableParameterView mutable_view(const Spec& spec, Eigen::VectorXd& parameters);  // also for gradients

// The code's random start (maoqiangqiang/GET GET/GET_IterAlp.py, multiStartTreeOptbyGRAD_withC): a, b ~ U(−1, 1) and each leaf
// constant ~ U(min y, max y) = U(0, 1) on the unit-scaled target; class logits ~ U(−1, 1).
// Draws from `random` in that order. Linear leaves start with slopes k = 0 (neither the paper nor
// the code says; the code has no GET-Linear): each leaf then starts as GET's random constant, so
// the same seed draws the same A, b and h as GET, while slopes ~ U(−1, 1) on p unit-scale inputs
// would start predictions p times wider than the unit target; ∂L/∂k is not 0 at k = 0.
Eigen::VectorXd random_parameters(const Spec& spec, std::mt19937& random);

}  // namespace treelab::get
