#pragma once
// The GET tree of 004 on one flat parameter vector: for depth D, N = 2^D − 1 branch nodes (heap
// order, children 2t+1 left and 2t+2 right) and L = 2^D leaves:
//   A ∈ ℝ^{N×p}   split weights a_t        a row goes LEFT iff a_t·x <= b_t (004 §2; the code's
//   b ∈ ℝ^N       split thresholds b_t     a·x > b → right, reference_implementations.md §4.2)
//   C ∈ ℝ^{L×m}   leaf parameters: m = 1 constant per leaf (regression, 004 §2 (b)), or m = C class
//                 logits (classification, TreeLab's labelled extension beyond the paper)
// Layout of the vector: A (column-major), b, then C (column-major). Inputs and a regression target
// are on the unit scale the paper assumes (unit_scaling.h).
#include <random>

#include <Eigen/Core>

namespace treelab::get {

// The per-row, per-leaf loss ℓ(y_i, c_leaf) the objective weighs by the path products (004 eq. 3).
enum class LeafLoss {
    SquaredError,  // (y_i − c_l)², 004 §3.2
    LogLoss,       // −log softmax(C_l)[y_i], the classification extension
};

struct Spec {
    int depth = 1;
    Eigen::Index inputs = 0;   // p, feature columns
    Eigen::Index outputs = 1;  // m: 1 (regression) or the number of classes
    LeafLoss loss = LeafLoss::SquaredError;

    Eigen::Index internal() const { return (Eigen::Index{1} << depth) - 1; }
    Eigen::Index leaves() const { return internal() + 1; }
    Eigen::Index nodes() const { return internal() + leaves(); }
    Eigen::Index parameters() const { return internal() * (inputs + 1) + leaves() * outputs; }
    // Throws treelab::Error for a shape that makes no tree (depth outside [1, kMaxDepth], no inputs,
    // no outputs, or a log loss with fewer than two classes).
    void validate() const;
};

constexpr int kMaxDepth = 14;

struct ParameterView {
    Eigen::Map<const Eigen::MatrixXd> A;
    Eigen::Map<const Eigen::VectorXd> b;
    Eigen::Map<const Eigen::MatrixXd> leaf;
};
ParameterView view(const Spec& spec, const Eigen::VectorXd& parameters);  // throws Error on a wrong size

struct MutableParameterView {
    Eigen::Map<Eigen::MatrixXd> A;
    Eigen::Map<Eigen::VectorXd> b;
    Eigen::Map<Eigen::MatrixXd> leaf;
};
MutableParameterView mutable_view(const Spec& spec, Eigen::VectorXd& parameters);  // also for gradients

// The code's random start (reference_implementations.md §4.3): a, b ~ U(−1, 1) and each leaf
// constant ~ U(min y, max y) = U(0, 1) on the unit-scaled target; class logits ~ U(−1, 1).
// Draws from `random` in that order.
Eigen::VectorXd random_parameters(const Spec& spec, std::mt19937& random);

}  // namespace treelab::get
