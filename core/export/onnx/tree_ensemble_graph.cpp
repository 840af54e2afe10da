// tree_ensemble_graph.h.
#include "core/export/onnx/tree_ensemble_graph.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/export/onnx/float32_threshold.h"
#include "core/export/onnx/prediction_outputs.h"

namespace treelab::onnx_export {
namespace {

// The attributes of one tree of an ensemble, nodes numbered in the order they are written.
struct EnsembleNodes {
    std::vector<std::int64_t> ids, features, true_ids, false_ids;
    std::vector<float> thresholds;
    std::vector<std::string> modes;
    // Leaves: node id and the prediction written there (class probabilities or {value}).
    std::vector<std::int64_t> leaf_ids;
    std::vector<const Eigen::VectorXd*> leaf_values;

    std::int64_t add() {
        const auto id = static_cast<std::int64_t>(ids.size());
        ids.push_back(id);
        features.push_back(0);
        true_ids.push_back(0);
        false_ids.push_back(0);
        thresholds.push_back(0.0F);
        modes.push_back("LEAF");
        return id;
    }
};

class EnsembleBuilder {
public:
    EnsembleBuilder(const TreeModel& tree, const std::vector<double>& imputed) : tree_(tree), imputed_(imputed) {}

    // See tree_ensemble_graph.h, "Thresholds".
    float float32_threshold(int feature, double t) const {
        if (tree_.axis_precision == AxisPrecision::Float32) return largest_float32_at_most(t);
        const auto nearest = static_cast<float>(round_to_float32(t));
        const double mean = imputed_[static_cast<std::size_t>(feature)];
        // A missing value's training mean, cast to float32, goes where the mean goes.
        if (static_cast<float>(round_to_float32(mean)) == nearest)
            return mean <= t ? nearest : std::nextafter(nearest, -std::numeric_limits<float>::infinity());
        return float32_threshold_of_decimals(t);
    }

    // Writes the effective subtree of `node` (not pruned) and returns its ensemble id.
    std::int64_t write(int node) {
        const TreeNode& n = tree_.nodes[static_cast<std::size_t>(node)];
        if (!n.is_split()) return leaf(node);
        const bool left_live = !tree_.nodes[static_cast<std::size_t>(n.left)].pruned;
        const bool right_live = !tree_.nodes[static_cast<std::size_t>(n.right)].pruned;
        if (!left_live && !right_live) return leaf(node);
        if (n.threshold == std::numeric_limits<double>::infinity()) return child(n.left, left_live, node);
        if (n.threshold == -std::numeric_limits<double>::infinity()) return child(n.right, right_live, node);
        const std::int64_t id = out_.add();
        const auto k = static_cast<std::size_t>(id);
        out_.modes[k] = "BRANCH_LEQ";
        out_.features[k] = n.feature;
        out_.thresholds[k] = float32_threshold(n.feature, n.threshold);
        const std::int64_t left = child(n.left, left_live, node);
        const std::int64_t right = child(n.right, right_live, node);
        out_.true_ids[k] = left;
        out_.false_ids[k] = right;
        return id;
    }

    const EnsembleNodes& nodes() const { return out_; }

private:
    // A live child's subtree, or for a pruned one a leaf holding the parent's prediction.
    std::int64_t child(int child, bool live, int parent) { return live ? write(child) : leaf(parent); }

    // A leaf giving the prediction of `owner`.
    std::int64_t leaf(int owner) {
        const std::int64_t id = out_.add();
        out_.leaf_ids.push_back(id);
        out_.leaf_values.push_back(&tree_.nodes[static_cast<std::size_t>(owner)].distribution);
        return id;
    }

    const TreeModel& tree_;
    const std::vector<double>& imputed_;
    EnsembleNodes out_;
};

void set_tree_nodes(onnx::NodeProto& node, const EnsembleNodes& nodes) {
    attr_ints(node, "nodes_treeids", std::vector<std::int64_t>(nodes.ids.size(), 0));
    attr_ints(node, "nodes_nodeids", nodes.ids);
    attr_ints(node, "nodes_featureids", nodes.features);
    attr_floats(node, "nodes_values", nodes.thresholds);
    attr_strings(node, "nodes_modes", nodes.modes);
    attr_ints(node, "nodes_truenodeids", nodes.true_ids);
    attr_ints(node, "nodes_falsenodeids", nodes.false_ids);
    attr_string(node, "post_transform", "NONE");
}

}  // namespace

void add_tree_ensemble(GraphWriter& graph, const TreeModel& tree, const std::vector<double>& imputed, const std::string& features) {
    EnsembleBuilder builder(tree, imputed);
    builder.write(0);
    const EnsembleNodes& nodes = builder.nodes();
    const std::string input = graph.cast(features, onnx::TensorProto_DataType_FLOAT);
    if (tree.task == Task::Regression) {
        graph.reserve(kValueOutput);
        onnx::NodeProto& node = graph.node("TreeEnsembleRegressor", {input}, {kValueOutput}, kMlDomain);
        set_tree_nodes(node, nodes);
        std::vector<float> values;
        for (const Eigen::VectorXd* value : nodes.leaf_values) values.push_back(static_cast<float>((*value)(0)));
        attr_ints(node, "target_treeids", std::vector<std::int64_t>(values.size(), 0));
        attr_ints(node, "target_nodeids", nodes.leaf_ids);
        attr_ints(node, "target_ids", std::vector<std::int64_t>(values.size(), 0));
        attr_floats(node, "target_weights", values);
        attr_int(node, "n_targets", 1);
        attr_string(node, "aggregate_function", "SUM");
        graph.output(kValueOutput, onnx::TensorProto_DataType_FLOAT, {-1, 1});
        return;
    }
    // The ensemble's own label is not used: for two classes onnxruntime decides it from the second
    // class's score alone (a score above 0.5, a quirk of its binary case), not as TreeLab's argmax.
    const std::string ensemble_probabilities = graph.fresh("ensemble_probabilities");
    onnx::NodeProto& node = graph.node("TreeEnsembleClassifier", {input}, {graph.fresh("ensemble_label"), ensemble_probabilities}, kMlDomain);
    set_tree_nodes(node, nodes);
    std::vector<std::int64_t> class_nodes, class_ids;
    std::vector<float> weights;
    for (std::size_t leaf = 0; leaf < nodes.leaf_ids.size(); ++leaf) {
        for (Eigen::Index c = 0; c < tree.classes(); ++c) {
            class_nodes.push_back(nodes.leaf_ids[leaf]);
            class_ids.push_back(c);
            weights.push_back(static_cast<float>((*nodes.leaf_values[leaf])(c)));
        }
    }
    attr_ints(node, "class_treeids", std::vector<std::int64_t>(weights.size(), 0));
    attr_ints(node, "class_nodeids", class_nodes);
    attr_ints(node, "class_ids", class_ids);
    attr_floats(node, "class_weights", weights);
    attr_strings(node, "classlabels_strings", tree.class_names);
    add_class_outputs(graph, tree.class_names, ensemble_probabilities);
}

}  // namespace treelab::onnx_export
