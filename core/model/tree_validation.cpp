// The invariants every learner's output and every loaded model file must satisfy. The loader
// runs this on hostile input, so checks come in an order where each one may rely on the earlier
// ones (indices in range before following them, a proper tree before reading depths).
#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/model/soft_routing.h"
#include "core/model/tree_model.h"

namespace treelab {
namespace {

std::string node_name(std::size_t id) { return "node " + std::to_string(id); }

bool all_finite(const Eigen::VectorXd& values) { return values.array().isFinite().all(); }

void check_children(const TreeModel& tree) {
    const std::size_t n = tree.nodes.size();
    for (std::size_t id = 0; id < n; ++id) {
        const TreeNode& node = tree.nodes[id];
        for (const int child : {node.left, node.right})
            if (child < -1 || (child >= 0 && static_cast<std::size_t>(child) >= n))
                throw Error(node_name(id) + " has child index " + std::to_string(child) + ", but the tree has " +
                            std::to_string(n) + " nodes (a child is -1 for none or a node index)");
        if ((node.left < 0) != (node.right < 0))
            throw Error(node_name(id) + " has only one child (left " + std::to_string(node.left) + ", right " +
                        std::to_string(node.right) + "); a node has two children or none");
    }
}

// Every node reached exactly once from the root, with parent and depth matching the walk.
void check_tree_shape(const TreeModel& tree) {
    const TreeNode& root = tree.nodes[0];
    if (root.parent != -1) throw Error("the root (node 0) has parent " + std::to_string(root.parent) + " instead of -1");
    if (root.depth != 0) throw Error("the root (node 0) has depth " + std::to_string(root.depth) + " instead of 0");
    std::vector<bool> reached(tree.nodes.size(), false);
    reached[0] = true;
    std::vector<std::size_t> stack{0};
    while (!stack.empty()) {
        const std::size_t id = stack.back();
        stack.pop_back();
        const TreeNode& node = tree.nodes[id];
        if (!node.is_split()) continue;
        for (const int child_index : {node.left, node.right}) {
            const auto child = static_cast<std::size_t>(child_index);
            if (reached[child])
                throw Error(node_name(child) + " is reached twice, the second time as a child of " + node_name(id) +
                            " (a cycle or a shared child)");
            reached[child] = true;
            const TreeNode& c = tree.nodes[child];
            if (c.parent != static_cast<int>(id))
                throw Error(node_name(child) + " is a child of " + node_name(id) + " but records parent " +
                            std::to_string(c.parent));
            if (c.depth != node.depth + 1)
                throw Error(node_name(child) + " has depth " + std::to_string(c.depth) + " but its parent " +
                            node_name(id) + " has depth " + std::to_string(node.depth));
            stack.push_back(child);
        }
    }
    for (std::size_t id = 0; id < reached.size(); ++id)
        if (!reached[id]) throw Error(node_name(id) + " cannot be reached from the root");
}

void check_split(const TreeModel& tree, std::size_t id) {
    const TreeNode& node = tree.nodes[id];
    if (!std::isfinite(node.threshold))
        throw Error(node_name(id) + " splits with threshold " + std::to_string(node.threshold) +
                    "; a split needs a finite threshold");
    if (node.is_oblique()) {
        if (node.weights.size() != tree.features())
            throw Error(node_name(id) + " has " + std::to_string(node.weights.size()) + " oblique weights but the model has " +
                        std::to_string(tree.features()) + " features");
        if (!all_finite(node.weights)) throw Error(node_name(id) + " has a non-finite oblique weight");
    } else if (node.feature < 0 || node.feature >= tree.features()) {
        throw Error(node_name(id) + " splits on feature " + std::to_string(node.feature) + " but the model has " +
                    std::to_string(tree.features()) + " features (0 to " + std::to_string(tree.features() - 1) + ")");
    }
}

// A linear leaf: one finite slope per feature, on a regression tree without a routing predictor
// (whose outputs would ignore it).
void check_linear_leaf(const TreeModel& tree, std::size_t id) {
    const TreeNode& node = tree.nodes[id];
    if (tree.task != Task::Regression)
        throw Error(node_name(id) + " has linear leaf weights, but a classification tree predicts class probabilities only");
    if (tree.routing_predictor) throw Error(node_name(id) + " has linear leaf weights, which a tree with a routing predictor cannot use");
    if (node.leaf_weights.size() != tree.features())
        throw Error(node_name(id) + " has " + std::to_string(node.leaf_weights.size()) + " linear leaf weights but the model has " +
                    std::to_string(tree.features()) + " features");
    if (!all_finite(node.leaf_weights)) throw Error(node_name(id) + " has a non-finite linear leaf weight");
}

void check_values(const TreeModel& tree, std::size_t id) {
    const TreeNode& node = tree.nodes[id];
    const bool classification = tree.task == Task::Classification;
    const Eigen::Index expected = classification ? tree.classes() : 1;
    if (node.distribution.size() != expected)
        throw Error(node_name(id) + " has a distribution of size " + std::to_string(node.distribution.size()) +
                    "; expected " + std::to_string(expected) +
                    (classification ? " (one probability per class)" : " (the regression value)"));
    if (!all_finite(node.distribution)) throw Error(node_name(id) + " has a non-finite value in its distribution");
    if (node.is_linear()) check_linear_leaf(tree, id);
    const Eigen::Index counts = node.class_counts.size();
    if (counts != 0 && (!classification || counts != tree.classes()))
        throw Error(node_name(id) + " has " + std::to_string(counts) + " class counts; expected " +
                    (classification ? "0 or " + std::to_string(tree.classes()) : std::string("none for regression")));
    if (!all_finite(node.class_counts) || (node.class_counts.array() < 0.0).any())
        throw Error(node_name(id) + " has a negative or non-finite class count");
    if (!std::isfinite(node.samples) || node.samples < 0.0)
        throw Error(node_name(id) + " has sample count " + std::to_string(node.samples) + "; expected a finite count >= 0");
    // NaN means "not applicable" for these two; infinity is never meaningful.
    if (std::isinf(node.impurity)) throw Error(node_name(id) + " has an infinite impurity");
    if (std::isinf(node.soft_mass)) throw Error(node_name(id) + " has an infinite soft mass");
}

// Pruning removes whole subtrees, so a pruned node's children are pruned too.
void check_pruning(const TreeModel& tree) {
    if (tree.nodes[0].pruned) throw Error("the root (node 0) is pruned; the effective tree would be empty");
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        if (!node.pruned || !node.is_split()) continue;
        for (const int child : {node.left, node.right})
            if (!tree.nodes[static_cast<std::size_t>(child)].pruned)
                throw Error(node_name(id) + " is pruned but its child " + node_name(static_cast<std::size_t>(child)) +
                            " is not");
    }
}

// A routing predictor needs the complete heap layout soft_routing.h reads (000 §3.1).
void check_heap_layout(const TreeModel& tree) {
    const int depth = complete_tree_depth(tree.nodes.size());
    if (depth < 0)
        throw Error("a tree with a routing predictor must be complete (2^(D+1) - 1 nodes), not " +
                    std::to_string(tree.nodes.size()) + " nodes");
    const std::size_t internal = tree.nodes.size() / 2;
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const TreeNode& node = tree.nodes[id];
        if (id < internal && (node.left != static_cast<int>(2 * id + 1) || node.right != static_cast<int>(2 * id + 2) ||
                              !node.is_oblique()))
            throw Error(node_name(id) + " must be an oblique split with children " + std::to_string(2 * id + 1) + " and " +
                        std::to_string(2 * id + 2) + " (heap order of a tree with a routing predictor)");
        if (id >= internal && node.is_split())
            throw Error(node_name(id) + " must be a leaf (heap order of a tree with a routing predictor)");
    }
}

// a is feasible for 000 eq. 4 (a_t <= a_parent, [0, 1]) and pruned exactly where a_t == 0.
void check_activity(const TreeModel& tree, const Eigen::VectorXd& activity) {
    if (activity.size() != static_cast<Eigen::Index>(tree.nodes.size()))
        throw Error("the routing predictor has " + std::to_string(activity.size()) + " node activities for " +
                    std::to_string(tree.nodes.size()) + " nodes");
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        const double a = activity(static_cast<Eigen::Index>(id));
        const TreeNode& node = tree.nodes[id];
        if (!(a >= 0.0 && a <= 1.0)) throw Error(node_name(id) + " has activity " + std::to_string(a) + " outside [0, 1]");
        if (node.parent >= 0 && a > activity(node.parent))
            throw Error(node_name(id) + " is more active than its parent (" + std::to_string(a) + " > " +
                        std::to_string(activity(node.parent)) + ")");
        if (id > 0 && node.pruned != (a == 0.0))
            throw Error(node_name(id) + (node.pruned ? " is pruned but has activity " + std::to_string(a)
                                                     : " has activity 0 but is not flagged pruned"));
    }
}

// The layers chain from features + leaves to the outputs, every value finite.
void check_predictor_layers(const TreeModel& tree, const RoutingPredictor& predictor) {
    if (predictor.layers.empty()) throw Error("the routing predictor has no layer");
    Eigen::Index reads = tree.features() + static_cast<Eigen::Index>(tree.nodes.size() + 1) / 2;
    for (std::size_t k = 0; k < predictor.layers.size(); ++k) {
        const DenseLayer& layer = predictor.layers[k];
        const std::string name = "the routing predictor's layer " + std::to_string(k + 1);
        if (layer.weights.cols() != reads || layer.weights.rows() != layer.bias.size() || layer.bias.size() == 0)
            throw Error(name + " has " + std::to_string(layer.weights.rows()) + " x " + std::to_string(layer.weights.cols()) +
                        " weights and " + std::to_string(layer.bias.size()) + " biases; expected n x " + std::to_string(reads) +
                        " and n biases, n >= 1" + (k == 0 ? " (features + leaves inputs)" : ""));
        if (!layer.weights.array().isFinite().all() || !all_finite(layer.bias)) throw Error(name + " has a non-finite weight or bias");
        reads = layer.bias.size();
    }
}

void check_predictor_outputs(const TreeModel& tree, const RoutingPredictor& predictor) {
    const Eigen::Index outputs = predictor.outputs();
    if (predictor.predicts_target()) {
        const Eigen::Index expected = tree.task == Task::Classification ? tree.classes() : 1;
        if (outputs != expected)
            throw Error("the routing predictor has " + std::to_string(outputs) + " outputs; expected " + std::to_string(expected));
        return;
    }
    if (outputs != static_cast<Eigen::Index>(predictor.output_features.size()))
        throw Error("the routing predictor has " + std::to_string(outputs) + " outputs for " +
                    std::to_string(predictor.output_features.size()) + " regressed features");
    std::vector<bool> seen(static_cast<std::size_t>(tree.features()), false);
    for (const int feature : predictor.output_features) {
        if (feature < 0 || feature >= tree.features() || seen[static_cast<std::size_t>(feature)])
            throw Error("the routing predictor regresses feature " + std::to_string(feature) +
                        ", which is out of range or listed twice");
        seen[static_cast<std::size_t>(feature)] = true;
        // A regressed feature is an output, never an input (000 §4.2).
        bool unused = (predictor.layers.front().weights.col(feature).array() == 0.0).all();
        for (std::size_t id = 0; id < tree.nodes.size() / 2; ++id) unused = unused && tree.nodes[id].weights(feature) == 0.0;
        if (!unused)
            throw Error("the routing predictor regresses feature " + std::to_string(feature) +
                        " but a split or the predictor reads it");
    }
}

void check_routing_predictor(const TreeModel& tree) {
    const RoutingPredictor& predictor = *tree.routing_predictor;
    check_heap_layout(tree);
    check_activity(tree, predictor.activity);
    check_predictor_layers(tree, predictor);
    check_predictor_outputs(tree, predictor);
}

}  // namespace

void TreeModel::validate() const {
    if (nodes.empty()) throw Error("the tree has no nodes (the root is missing)");
    if (task == Task::Classification && classes() < 1) throw Error("a classification tree needs at least one class");
    check_children(*this);
    check_tree_shape(*this);
    for (std::size_t id = 0; id < nodes.size(); ++id) {
        if (nodes[id].is_split()) check_split(*this, id);
        check_values(*this, id);
    }
    check_pruning(*this);
    if (routing_predictor) check_routing_predictor(*this);
}

}  // namespace treelab
