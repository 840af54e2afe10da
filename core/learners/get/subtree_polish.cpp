// subtree_polish.h.
#include "core/learners/get/subtree_polish.h"

#include <bit>

#include "core/learners/get/get_hard_tree.h"

namespace treelab::get {
namespace {

Spec subtree_spec(const Spec& spec, Eigen::Index root) {
    Spec sub = spec;
    sub.depth = spec.depth - node_depth(root);
    return sub;
}

// Node index in the tree of the subtree's heap node k (branch or leaf).
Eigen::Index tree_node(Eigen::Index root, Eigen::Index k) {
    const int level = node_depth(k);
    return ((root + 1) << level) - 1 + (k - ((Eigen::Index{1} << level) - 1));
}

// Copies the subtree's nodes between the tree (`to_subtree` true: tree → subtree) and the subtree.
void copy_subtree(const Spec& spec, Eigen::VectorXd& tree, Eigen::Index root, Eigen::VectorXd& subtree, bool to_subtree) {
    const Spec sub = subtree_spec(spec, root);
    MutableParameterView t = mutable_view(spec, tree);
    MutableParameterView s = mutable_view(sub, subtree);
    for (Eigen::Index k = 0; k < sub.internal(); ++k) {
        const Eigen::Index node = tree_node(root, k);
        if (to_subtree) {
            s.A.row(k) = t.A.row(node);
            s.b(k) = t.b(node);
        } else {
            t.A.row(node) = s.A.row(k);
            t.b(node) = s.b(k);
        }
    }
    for (Eigen::Index l = 0; l < sub.leaves(); ++l) {
        const Eigen::Index leaf = tree_node(root, sub.internal() + l) - spec.internal();
        if (to_subtree) {
            s.leaf.row(l) = t.leaf.row(leaf);
            s.K.row(l) = t.K.row(leaf);
        } else {
            t.leaf.row(leaf) = s.leaf.row(l);
            t.K.row(leaf) = s.K.row(l);
        }
    }
}

// The hard training objective with leaves refitted (what the paper's "training optimality" is).
double hard_training_objective(const Spec& spec, const Eigen::VectorXd& parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                               const Eigen::Ref<const Eigen::MatrixXd>& targets) {
    const Eigen::VectorXi leaves = hard_leaves(spec, parameters, X);
    return hard_objective(spec, leaves, refit_leaves(spec, leaves, X, targets), X, targets);
}

}  // namespace

int node_depth(Eigen::Index t) { return static_cast<int>(std::bit_width(static_cast<std::uint64_t>(t + 1))) - 1; }

Eigen::VectorXd subtree_parameters(const Spec& spec, const Eigen::VectorXd& parameters, Eigen::Index root) {
    Eigen::VectorXd tree = parameters, subtree(subtree_spec(spec, root).parameters());
    copy_subtree(spec, tree, root, subtree, true);
    return subtree;
}

void splice_subtree(const Spec& spec, Eigen::VectorXd& parameters, Eigen::Index root, const Eigen::VectorXd& subtree) {
    Eigen::VectorXd copy = subtree;
    copy_subtree(spec, parameters, root, copy, false);
}

Eigen::VectorXd polish_subtrees(const Spec& spec, Eigen::VectorXd parameters, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                const Eigen::Ref<const Eigen::MatrixXd>& targets, const SubtreeFit& fit) {
    double best = hard_training_objective(spec, parameters, X, targets);
    for (Eigen::Index root = 0; root < spec.internal(); ++root) {
        // Alg. 2 line 5: the rows reaching `root` under the current (already polished) ancestors.
        const Eigen::VectorXi leaves = hard_leaves(spec, parameters, X);
        const int below = spec.depth - node_depth(root);
        std::vector<Eigen::Index> rows;
        for (Eigen::Index i = 0; i < leaves.size(); ++i)
            if (((leaves(i) + spec.internal() + 1) >> below) - 1 == root) rows.push_back(i);
        if (rows.size() < 2) continue;  // Alg. 2 line 6
        bool varied = false;
        for (const Eigen::Index i : rows) varied = varied || targets.row(i) != targets.row(rows.front());
        if (!varied) continue;
        Eigen::VectorXd candidate = parameters;
        splice_subtree(spec, candidate, root, fit(subtree_spec(spec, root), rows, subtree_parameters(spec, parameters, root)));
        const double objective = hard_training_objective(spec, candidate, X, targets);
        if (objective < best) {  // Alg. 2 line 9: only an improvement of the whole tree is kept
            best = objective;
            parameters = std::move(candidate);
        }
    }
    return parameters;
}

}  // namespace treelab::get
