#pragma once
// The one tree model every learner returns. Canvas, metrics, sweeps and model
// files read only this.
//
// Routing convention, fixed here once for every learner: a row goes LEFT iff
//     x[feature] <= threshold            (axis-aligned split; scikit-learn's convention)
//     weights · x <= threshold           (oblique split)
// and RIGHT otherwise. Learners whose paper states the opposite map onto this when they build
// the model.
//
// Axis-aligned precision: a model whose `axis_precision` is Float32 rounds x[feature] to float32
// before comparing it with the (double) threshold, as scikit-learn's trees predict (they cast X to
// float32 and their thresholds are double midpoints of float32 values); CART's models do, so they
// send every input where sklearn's tree sends it. Oblique splits always compare in double.
//
// Pruning: a node flagged `pruned` is not part of the effective tree. A row stops at the first
// node that is a leaf or whose chosen child is pruned; that node's `distribution` is the
// prediction. So cost-complexity pruning flags the descendants of a collapsed node, and soft
// learners may prune one child only.
//
// Linear leaves (regression only): a node with `leaf_weights` predicts distribution(0) +
// leaf_weights·x for the rows that stop at it, in the model's feature units (the model tree of 004
// §2 (a)); without them it predicts distribution(0). A model with a routing predictor has none.
//
// Routing predictor (LatentTrees, 000 §3.3): a model may carry a downstream predictor f_φ(x, z)
// that reads the soft traversal z of the leaves (soft_routing.h) instead of a per-leaf constant.
// Such a model is a complete heap-ordered tree (children of t are 2t+1, 2t+2), every internal
// node an oblique split, and the nodes with activity a_t == 0 are flagged pruned (the root never).
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "core/data/dataset.h"
#include "core/model/value_unit.h"

namespace treelab {

struct TreeNode {
    int left = -1, right = -1;  // child indices, -1 for a leaf
    int parent = -1;
    int depth = 0;
    // Split (internal nodes). Axis-aligned when `weights` is empty.
    int feature = -1;
    double threshold = std::numeric_limits<double>::quiet_NaN();
    Eigen::VectorXd weights;
    // Prediction at this node: class probabilities (size C) or {value} for regression.
    Eigen::VectorXd distribution;
    // Regression: empty (a constant prediction) or one slope per feature (a linear leaf, see above).
    Eigen::VectorXd leaf_weights;
    // Training routing mass: hard count of training rows that reach the node, their per-class
    // counts (classification), the node impurity under the learner's criterion, and for soft
    // learners the mean routing probability (NaN when not applicable).
    double samples = 0.0;
    Eigen::VectorXd class_counts;
    double impurity = std::numeric_limits<double>::quiet_NaN();
    double soft_mass = std::numeric_limits<double>::quiet_NaN();
    bool pruned = false;  // removed from the effective tree (see above)
    bool empty = false;   // no training row reaches it

    bool is_split() const { return left >= 0; }
    bool is_oblique() const { return weights.size() > 0; }
    bool is_linear() const { return leaf_weights.size() > 0; }
};

enum class AxisPrecision { Float64, Float32 };
std::string to_string(AxisPrecision precision);
AxisPrecision axis_precision_from_string(const std::string& text);  // "float64" | "float32", throws Error

// x rounded to the nearest float32 (ties to even), ±inf beyond float32's range, as numpy's
// astype(float32); written out so that no out-of-range float conversion is ever evaluated.
inline double round_to_float32(double x) {
    constexpr double kToInfinity = 0x1.ffffffp127;  // FLT_MAX plus half its ulp: rounds to ±inf
    if (x >= kToInfinity) return std::numeric_limits<double>::infinity();
    if (x <= -kToInfinity) return -std::numeric_limits<double>::infinity();
    return static_cast<double>(static_cast<float>(x));
}

enum class SplitActivation { None, Elu };  // applied to s(x) = w·x + b; ELU keeps the sign
std::string to_string(SplitActivation activation);
SplitActivation split_activation_from_string(const std::string& text);  // "none" | "elu", throws Error

// One fully-connected layer of f_φ: out = in · weightsᵀ + bias.
struct DenseLayer {
    Eigen::MatrixXd weights;  // outputs × inputs of the layer
    Eigen::VectorXd bias;     // outputs of the layer
};

// f_φ(x, z): dense layers with ELU between them (none after the last), the first reading
// [x, z_leaves]. One layer is the linear f_φ = weights · [x, z_leaves] + bias (000 §3.3); more are
// the MLP predictor (000 §4, "Architecture details"; nn/mlp.h, without dropout at prediction).
// Outputs are the class logits or the regression value of the target, or, when `output_features`
// is non-empty (self-supervised mode, 000 §4.2), those feature columns regressed from the others:
// their columns in the first layer's weights and in every split's weights are exactly 0, and
// predict/predict_proba then read the node distributions as for a tree without predictor.
struct RoutingPredictor {
    SplitActivation activation = SplitActivation::None;
    Eigen::VectorXd activity;          // a_t per node, the pruning QP (000 eq. 4) solved once on the training set
    std::vector<DenseLayer> layers;    // the first reads features + leaves (heap order), the last gives the outputs
    std::vector<int> output_features;  // self-supervised: the regressed feature columns

    Eigen::Index outputs() const { return layers.empty() ? 0 : layers.back().bias.size(); }
    bool predicts_target() const { return output_features.empty(); }
};

// Class index of each row of a predict_proba matrix: nn::row_argmax (core/nn/argmax.h: the lowest
// index on ties, as numpy's argmax); TreeModel::predict is this of predict_proba, so callers
// holding both route once.
Eigen::VectorXd most_probable_class(const Eigen::Ref<const Eigen::MatrixXd>& proba);

struct TreeStats {
    int depth = 0;         // of the effective tree (root alone = 0)
    int nodes = 0;         // nodes of the effective tree (not pruned)
    int leaves = 0;        // non-pruned nodes with no non-pruned child (stops_at); a node with one
                           // pruned child also stops some rows but still splits, so is not a leaf
    int active_nodes = 0;  // not pruned and not empty
    int empty_nodes = 0;   // not pruned, no training row
    int pruned_nodes = 0;
};

class TreeModel {
public:
    Task task = Task::Classification;
    std::vector<std::string> feature_names;
    std::vector<std::string> class_names;
    std::vector<TreeNode> nodes;  // nodes[0] is the root; children after parents
    std::optional<RoutingPredictor> routing_predictor;  // see above
    AxisPrecision axis_precision = AxisPrecision::Float64;  // see above
    // Display only, set by tree_in_data_units (core/export/data_units.h): the scale of the oblique
    // weights and linear-leaf slopes when they are not in the data's units ("quantile-normal"),
    // empty otherwise. Not saved; routing and prediction ignore it.
    std::string weight_scale;
    // Display only, set by tree_in_data_units when it folds a z-score into the weights: each
    // feature's training spread s_j. Weights folded into data units are not comparable across
    // features (RI's spread on glass is 0.003, Ca's 1.4), so the terms shown are the largest by
    // |w_j|·s_j, each feature's share of the sum on the scaled axis. Empty: the largest |w_j|.
    Eigen::VectorXd weight_spread;
    // Display only, set by tree_in_data_units: how each feature's values read (a date column's
    // days as dates, its weekdays as names); empty when every feature is a number.
    std::vector<ValueUnit> feature_units;

    int classes() const { return static_cast<int>(class_names.size()); }
    int features() const { return static_cast<int>(feature_names.size()); }

    // Stopping node of every row (see the pruning rule above).
    Eigen::VectorXi route(const Eigen::Ref<const Eigen::MatrixXd>& X) const;
    // nodes × rows, 1 where the row passes through the node (root to stopping node).
    Eigen::SparseMatrix<double, Eigen::RowMajor> routing_matrix(const Eigen::Ref<const Eigen::MatrixXd>& X) const;
    // rows × C class probabilities (classification).
    Eigen::MatrixXd predict_proba(const Eigen::Ref<const Eigen::MatrixXd>& X) const;
    // Class index (argmax, lowest index on ties) or regression value, per row.
    Eigen::VectorXd predict(const Eigen::Ref<const Eigen::MatrixXd>& X) const;
    // rows × outputs: the routing predictor's outputs f_φ(x, z) (logits for a classification
    // target), or without one the stopping node's distribution (plus its linear leaf's leaf_weights·x).
    Eigen::MatrixXd predict_outputs(const Eigen::Ref<const Eigen::MatrixXd>& X) const;

    bool stops_at(int node) const;  // true when `node` is a leaf of the effective tree
    bool has_linear_leaves() const;  // some node carries leaf_weights
    TreeStats stats() const;
    // Throws ModelFileError-free treelab::Error describing the first inconsistency (child index
    // out of range, cycle, parent mismatch, NaN threshold on a split, wrong sizes). Used by the
    // loader and by tests of every learner.
    void validate() const;
    // Recomputes `samples`, `class_counts`, `empty` of every node from the routing of (X, y).
    void set_routing_counts(const Eigen::Ref<const Eigen::MatrixXd>& X, const Eigen::Ref<const Eigen::VectorXd>& y);
};

}  // namespace treelab
