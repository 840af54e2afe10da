// The path curve without re-pruning: cost-complexity subtrees are nested (each step collapses one
// node of the previous subtree), so every row's stopping node, prediction and log-loss term are
// updated only where a step collapses the row's subtree, and each point costs one pass over the
// rows in row order (the order evaluate() sums in, so the scores are the same to the bit).
#include "core/run/pruning_path_curve.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.h"
#include "core/metrics/classification_metrics.h"

namespace treelab {
namespace {

// Total leaf impurity weighted by the leaves' share of the training rows, as the path measures it.
double leaf_impurity(const TreeModel& tree) {
    const double total = tree.nodes.front().samples;
    double sum = 0.0;
    for (std::size_t i = 0; i < tree.nodes.size(); ++i)
        if (tree.stops_at(static_cast<int>(i)))
            sum += tree.nodes[i].samples * tree.nodes[i].impurity / total;
    return sum;
}

// Prunes and re-evaluates from scratch at every value: for hooks without a sequence and for trees
// with a routing predictor or linear leaves, whose scores do not come from one node value per row.
std::vector<PruningPathPoint> curve_by_repruning(const PruningPathHook& hook, const TreeModel& grown,
                                                 const PreparedData& data) {
    std::vector<PruningPathPoint> curve;
    for (const double alpha : hook.path_values(grown)) {
        if (!curve.empty() && curve.back().alpha == alpha) continue;  // ties prune together (cost_complexity.h)
        const TreeModel pruned = hook.prune(grown, alpha);
        curve.push_back({alpha, leaf_impurity(pruned), pruned.stats().leaves, evaluate(pruned, data.train),
                         evaluate(pruned, data.test)});
    }
    return curve;
}

// One split's rows under the current subtree: each row's stopping node, its prediction (class
// index or value) and, for classification, its clipped log-probability of the true class.
class SplitRows {
public:
    SplitRows(const TreeModel& tree, const Dataset& data) : tree_(tree), data_(data) { reset(); }

    // Back to the grown tree (every pruned flag of `tree_` is clear).
    void reset() {
        rows_at_.assign(tree_.nodes.size(), {});
        if (data_.task == Task::Classification) {
            constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
            node_class_.assign(tree_.nodes.size(), kUnknown);
            node_log_probability_.assign(tree_.nodes.size() * static_cast<std::size_t>(tree_.classes()), kUnknown);
        }
        predicted_.resize(data_.rows());
        log_probability_.resize(data_.rows());
        if (data_.rows() == 0) return;
        const Eigen::VectorXi stop = tree_.route(data_.X);
        for (Eigen::Index i = 0; i < data_.rows(); ++i) {
            rows_at_[static_cast<std::size_t>(stop(i))].push_back(i);
            set_row(i, stop(i));
        }
    }

    // `node` becomes the stopping node of the rows that stopped at `below`, one of its descendants.
    void move_rows(int below, int node) {
        std::vector<Eigen::Index>& from = rows_at_[static_cast<std::size_t>(below)];
        std::vector<Eigen::Index>& to = rows_at_[static_cast<std::size_t>(node)];
        for (const Eigen::Index i : from) set_row(i, node);
        to.insert(to.end(), from.begin(), from.end());
        from = {};
    }

    // evaluate(subtree, data), computed from the rows' current nodes with the same functions.
    Scores scores() const {
        if (data_.rows() == 0) return {};
        if (data_.task == Task::Classification) {
            double total = 0.0;  // log_loss's sum, in its row order
            for (Eigen::Index i = 0; i < data_.rows(); ++i) total -= log_probability_(i);
            Eigen::MatrixXd proba(data_.rows(), tree_.classes());  // each row's stopping-node distribution
            for (std::size_t node = 0; node < rows_at_.size(); ++node)
                for (const Eigen::Index i : rows_at_[node]) proba.row(i) = tree_.nodes[node].distribution.transpose();
            return classification_scores(data_.y, predicted_, proba, total / static_cast<double>(data_.rows()));
        }
        return regression_scores(data_.y, predicted_);
    }

private:
    void set_row(Eigen::Index i, int node) {
        const Eigen::VectorXd& distribution = tree_.nodes[static_cast<std::size_t>(node)].distribution;
        if (data_.task != Task::Classification) {
            predicted_(i) = distribution(0);
            return;
        }
        // most_probable_class and the log-loss term of evaluate(), once per node (and class).
        const auto n = static_cast<std::size_t>(node);
        if (std::isnan(node_class_[n])) node_class_[n] = most_probable_class(distribution.transpose())(0);
        predicted_(i) = node_class_[n];
        const double label = data_.y(i);
        if (!(label >= 0.0 && label < static_cast<double>(tree_.classes()) && label == std::floor(label)) ||
            distribution.size() != tree_.classes())
            throw Error("the true class of row " + std::to_string(i + 1) + " is not a class of the model");
        double& log_probability = node_log_probability_[n * static_cast<std::size_t>(tree_.classes()) + static_cast<std::size_t>(label)];
        if (std::isnan(log_probability))
            log_probability = clipped_log_probability(distribution.transpose(), static_cast<Eigen::Index>(label));
        log_probability_(i) = log_probability;
    }

    const TreeModel& tree_;
    const Dataset& data_;
    std::vector<std::vector<Eigen::Index>> rows_at_;  // rows stopping at each node
    Eigen::VectorXd predicted_, log_probability_;
    std::vector<double> node_class_, node_log_probability_;  // classification caches, NaN = not yet
};

// The subtrees of a nested sequence, applied step by step to a copy of the grown tree.
class NestedSubtree {
public:
    NestedSubtree(const TreeModel& grown, const PreparedData& data)
        : grown_(grown), tree_(grown), train_(grown, data.train), test_(grown, data.test) {}

    int steps_applied() const { return applied_; }
    const TreeModel& tree() const { return tree_; }
    Scores train_scores() const { return train_.scores(); }
    Scores test_scores() const { return test_.scores(); }

    void reset() {
        tree_ = grown_;
        train_.reset();
        test_.reset();
        applied_ = 0;
    }

    // Step `step` collapses `node`: its descendants still in the subtree are pruned and their rows
    // stop at `node`.
    void collapse(int node) {
        std::vector<int> stack;
        const TreeNode& top = tree_.nodes[static_cast<std::size_t>(node)];
        if (top.is_split()) stack = {top.left, top.right};
        while (!stack.empty()) {
            const int i = stack.back();
            stack.pop_back();
            TreeNode& below = tree_.nodes[static_cast<std::size_t>(i)];
            if (below.pruned) continue;  // collapsed earlier: its rows already stop above it
            below.pruned = true;
            train_.move_rows(i, node);
            test_.move_rows(i, node);
            if (below.is_split()) {
                stack.push_back(below.left);
                stack.push_back(below.right);
            }
        }
        ++applied_;
    }

private:
    const TreeModel& grown_;
    TreeModel tree_;
    SplitRows train_, test_;
    int applied_ = 0;
};

}  // namespace

std::vector<PruningPathPoint> pruning_path_curve(const PruningPathHook& hook, const TreeModel& model,
                                                 const PreparedData& data) {
    TreeModel grown = model;
    for (TreeNode& node : grown.nodes) node.pruned = false;
    if (!hook.sequence || grown.routing_predictor || grown.has_linear_leaves()) return curve_by_repruning(hook, grown, data);

    const PruningSequence sequence = hook.sequence(grown);
    // prune(grown, a) applies steps 1, 2, ... while their alpha <= a: as many steps as the running
    // maximum of their alphas stays <= a (none at a = 0).
    std::vector<double> running_max(sequence.alphas.size(), 0.0);
    for (std::size_t k = 1; k < sequence.alphas.size(); ++k)
        running_max[k] = k == 1 ? sequence.alphas[k] : std::max(running_max[k - 1], sequence.alphas[k]);
    auto steps_at = [&](double alpha) {
        if (alpha == 0.0) return 0;  // sklearn does not prune at ccp_alpha == 0
        const auto first_above = std::upper_bound(running_max.begin() + (running_max.empty() ? 0 : 1), running_max.end(), alpha);
        return static_cast<int>(first_above - running_max.begin()) - 1;
    };

    NestedSubtree subtree(grown, data);
    std::vector<PruningPathPoint> curve;
    for (const double alpha : sequence.alphas) {
        if (!curve.empty() && curve.back().alpha == alpha) continue;  // ties prune together (cost_complexity.h)
        const int steps = steps_at(alpha);
        if (steps < subtree.steps_applied()) subtree.reset();  // alphas out of order (rounding): start again
        while (subtree.steps_applied() < steps)
            subtree.collapse(sequence.collapsed[static_cast<std::size_t>(subtree.steps_applied()) + 1]);
        curve.push_back({alpha, leaf_impurity(subtree.tree()), subtree.tree().stats().leaves, subtree.train_scores(),
                         subtree.test_scores()});
    }
    return curve;
}

}  // namespace treelab
