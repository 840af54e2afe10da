// Weakest-link pruning (Breiman et al. 1984 §3.3) following sklearn 1.2.1's
// _cost_complexity_prune (sklearn/tree/_tree.pyx) step for step, so that alphas and subtree
// impurities agree to the last bit (Breiman et al. 1984 ch. 3).
#include "core/learners/cart/cost_complexity.h"

#include <limits>
#include <vector>

namespace treelab {
namespace {

class WeakestLink {
public:
    explicit WeakestLink(const TreeModel& tree) : tree_(tree) {
        const std::size_t n = tree.nodes.size();
        r_node_.resize(n);
        r_branch_.assign(n, 0.0);
        n_leaves_.assign(n, 0);
        candidate_.assign(n, 0);
        in_subtree_.assign(n, 1);
        if (n == 0) return;
        // R(t) = N_t i(t) / N, with sklearn's operation order.
        const double total = tree.nodes[0].samples;
        for (std::size_t i = 0; i < n; ++i) r_node_[i] = tree.nodes[i].samples * tree.nodes[i].impurity / total;
        // R(T_t) and the leaf counts of every branch: each leaf, in index order, bubbles up.
        for (std::size_t i = 0; i < n; ++i) {
            if (tree.nodes[i].is_split()) {
                candidate_[i] = 1;
                continue;
            }
            r_branch_[i] = r_node_[i];
            for (int a = tree.nodes[i].parent; a >= 0; a = tree.nodes[a].parent) {
                r_branch_[a] += r_node_[i];
                n_leaves_[a] += 1;
            }
        }
    }

    bool done() const { return candidate_.empty() || !candidate_[0]; }
    double subtree_impurity() const { return candidate_.empty() ? 0.0 : r_branch_[0]; }
    int subtree_leaves() const { return done() ? 1 : n_leaves_[0]; }

    // The first node (in index order) with the smallest g(t) = (R(t) - R(T_t)) / (|T̃_t| - 1).
    int weakest(double& alpha) const {
        alpha = std::numeric_limits<double>::max();
        int weakest = -1;
        for (std::size_t i = 0; i < candidate_.size(); ++i) {
            if (!candidate_[i]) continue;
            const double g = (r_node_[i] - r_branch_[i]) / static_cast<double>(n_leaves_[i] - 1);
            if (g < alpha) {
                alpha = g;
                weakest = static_cast<int>(i);
            }
        }
        return weakest;
    }

    // Makes `node` a leaf and updates R(T_a) and |T̃_a| of its ancestors.
    void collapse(int node) {
        std::vector<int> stack{node};
        while (!stack.empty()) {
            const int i = stack.back();
            stack.pop_back();
            if (!in_subtree_[i]) continue;
            candidate_[i] = 0;
            in_subtree_[i] = 0;
            if (tree_.nodes[i].is_split()) {
                stack.push_back(tree_.nodes[i].left);
                stack.push_back(tree_.nodes[i].right);
            }
        }
        in_subtree_[node] = 1;
        const int pruned_leaves = n_leaves_[node] - 1;
        n_leaves_[node] = 0;
        const double r_diff = r_node_[node] - r_branch_[node];
        r_branch_[node] = r_node_[node];
        for (int a = tree_.nodes[node].parent; a >= 0; a = tree_.nodes[a].parent) {
            n_leaves_[a] -= pruned_leaves;
            r_branch_[a] += r_diff;
        }
    }

    bool kept(int node) const { return in_subtree_[node] != 0; }

private:
    const TreeModel& tree_;
    std::vector<double> r_node_, r_branch_;
    std::vector<int> n_leaves_;  // leaves below an internal node (0 for leaves, as in sklearn)
    std::vector<unsigned char> candidate_, in_subtree_;
};

}  // namespace

PruningPath cost_complexity_path(const TreeModel& tree) {
    PruningPath path;
    WeakestLink pruner(tree);
    auto record = [&](double alpha, int collapsed) {
        path.alphas.push_back(alpha);
        path.impurities.push_back(pruner.subtree_impurity());
        path.leaves.push_back(pruner.subtree_leaves());
        path.collapsed.push_back(collapsed);
    };
    record(0.0, -1);
    while (!pruner.done()) {
        double alpha = 0.0;
        const int node = pruner.weakest(alpha);
        pruner.collapse(node);
        record(alpha, node);
    }
    return path;
}

TreeModel prune_cost_complexity(const TreeModel& tree, double alpha) {
    TreeModel pruned = tree;
    if (alpha == 0.0) return pruned;  // sklearn's DecisionTree skips pruning at ccp_alpha == 0
    WeakestLink pruner(tree);
    while (!pruner.done()) {
        double g = 0.0;
        const int node = pruner.weakest(g);
        if (alpha < g) break;
        pruner.collapse(node);
    }
    for (std::size_t i = 0; i < pruned.nodes.size(); ++i) pruned.nodes[i].pruned = !pruner.kept(static_cast<int>(i));
    return pruned;
}

}  // namespace treelab
