// routing_predictor_graph.h.
#include "core/export/onnx/routing_predictor_graph.h"

#include <cstdint>
#include <vector>

#include "core/error.h"
#include "core/export/onnx/prediction_outputs.h"
#include "core/model/soft_routing.h"

namespace treelab::onnx_export {
namespace {

// elu(u) = u for u > 0, else e^u − 1 (nn/elu.h).
std::string elu(GraphWriter& graph, const std::string& u) {
    const std::string zero = graph.doubles("zero", {0.0});
    return graph.op("Where", {graph.op("Greater", {u, zero}), u,
                              graph.op("Sub", {graph.op("Exp", {u}), graph.doubles("one", {1.0})})});
}

// x·Wᵀ + b for W stored outputs × inputs.
std::string dense(GraphWriter& graph, const std::string& x, const Eigen::MatrixXd& weights, const Eigen::VectorXd& bias,
                  const std::string& stem) {
    std::vector<double> transposed;
    for (Eigen::Index i = 0; i < weights.cols(); ++i)
        for (Eigen::Index o = 0; o < weights.rows(); ++o) transposed.push_back(weights(o, i));
    const std::string product = graph.op("MatMul", {x, graph.doubles(stem + "_weights", transposed, {weights.cols(), weights.rows()})});
    return graph.op("Add", {product, graph.doubles(stem + "_bias", std::vector<double>(bias.begin(), bias.end()))});
}

std::string unsqueeze(GraphWriter& graph, const std::string& x, std::int64_t axis) {
    return graph.op("Unsqueeze", {x, graph.int64s("axis", {axis})});
}

}  // namespace

void add_routing_predictor(GraphWriter& graph, const TreeModel& tree, const std::string& features) {
    const RoutingPredictor& predictor = *tree.routing_predictor;
    const int depth = complete_tree_depth(tree.nodes.size());
    if (depth < 1) throw Error("the routing predictor's tree is not a complete tree with at least one split");
    const Eigen::Index internal = static_cast<Eigen::Index>(tree.nodes.size() / 2);
    Eigen::MatrixXd W(internal, tree.features());
    Eigen::VectorXd b(internal);
    for (Eigen::Index t = 0; t < internal; ++t) {
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(t)];
        W.row(t) = node.weights.transpose();
        b(t) = latent_split_bias(node);
    }
    std::string s = dense(graph, features, W, b, "split");
    if (predictor.activation == SplitActivation::Elu) s = elu(graph, s);

    std::string q = graph.doubles("root_path_score", {1.0}, {1, 1, 1});
    for (int level = 0; level < depth; ++level) {
        const std::int64_t first = (std::int64_t{1} << level) - 1, width = std::int64_t{1} << level;
        const std::string scores =
            graph.op("Slice", {s, graph.int64s("start", {first}), graph.int64s("end", {first + width}), graph.int64s("axis", {1})});
        const std::string sides = graph.op("Concat", {unsqueeze(graph, graph.op("Neg", {scores}), 2), unsqueeze(graph, scores, 2)});
        attr_int(graph.last(), "axis", 2);
        q = graph.reshape(graph.op("Min", {q, sides}), {0, -1});
        if (level + 1 < depth) q = unsqueeze(graph, q, 2);
    }
    const Eigen::Index leaves = internal + 1;
    const Eigen::VectorXd activity = predictor.activity.tail(leaves);
    const std::string clamped = graph.op("Min", {graph.op("Max", {q, graph.doubles("zero", {0.0})}), graph.doubles("one", {1.0})});
    const std::string leaf_z = graph.op("Min", {clamped, graph.doubles("leaf_activity", std::vector<double>(activity.begin(), activity.end()))});

    std::string h = graph.op("Concat", {features, leaf_z});
    attr_int(graph.last(), "axis", 1);
    for (std::size_t k = 0; k < predictor.layers.size(); ++k) {
        if (k > 0) h = elu(graph, h);
        h = dense(graph, h, predictor.layers[k].weights, predictor.layers[k].bias, "layer" + std::to_string(k));
    }
    if (tree.task == Task::Classification) {
        const std::string probabilities = graph.op("Softmax", {h});
        attr_int(graph.last(), "axis", 1);
        add_class_outputs(graph, tree.class_names, probabilities);
    } else {
        add_value_output(graph, graph.op("Slice", {h, graph.int64s("start", {0}), graph.int64s("end", {1}), graph.int64s("axis", {1})}));
    }
}

}  // namespace treelab::onnx_export
