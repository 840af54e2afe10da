#include "tests/core/model/latent_small_tree.h"

#include "core/model/soft_routing.h"

namespace treelab::test {

TreeModel latent_tree() {
    TreeModel tree;
    tree.task = Task::Classification;
    tree.feature_names = {"x0", "x1"};
    tree.class_names = {"a", "b"};
    tree.nodes.resize(3);
    tree.nodes[0].left = 1;
    tree.nodes[0].right = 2;
    set_latent_split(tree.nodes[0], Eigen::Vector2d(1.0, -1.0), 0.5);
    for (int child : {1, 2}) {
        tree.nodes[static_cast<std::size_t>(child)].parent = 0;
        tree.nodes[static_cast<std::size_t>(child)].depth = 1;
    }
    for (TreeNode& node : tree.nodes) node.distribution = Eigen::Vector2d(0.5, 0.5);
    tree.nodes[2].pruned = true;
    RoutingPredictor predictor;
    predictor.activity = Eigen::Vector3d(1.0, 0.7, 0.0);
    Eigen::MatrixXd weights(2, 4);
    weights << 1.0, 2.0, 3.0, 4.0, 3.0, 0.5, 0.0, 2.0;
    predictor.layers = {{weights, Eigen::Vector2d(0.1, -0.2)}};
    tree.routing_predictor = predictor;
    return tree;
}

TreeModel latent_mlp_tree() {
    TreeModel tree = latent_tree();
    Eigen::MatrixXd hidden(2, 4), output(2, 2);
    hidden << 1.0, -1.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0;
    output << 1.0, 2.0, -1.0, 0.5;
    tree.routing_predictor->layers = {{hidden, Eigen::Vector2d(0.0, -0.5)}, {output, Eigen::Vector2d(0.1, 0.2)}};
    return tree;
}

}  // namespace treelab::test
