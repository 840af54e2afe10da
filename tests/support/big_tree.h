#pragma once
// A CART-sized tree made without training (a full CART on a million rows has 173,435
// leaves): each node's leaves split 20-80 % at random between its children, so depths vary as a
// grown CART's do. Header-only: the canvas tests, the bench and the screenshot tool share it.
#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/model/model_file.h"

namespace treelab::test {

// Exactly `leaves` leaves, 2·leaves − 1 nodes, axis-aligned splits on the 8 features of Glass,
// 3 classes; `rows` training rows spread over the leaves. Fixed seed: the same tree every time.
inline TreeModel random_tree(int leaves, double rows = 1e6, unsigned seed = 16) {
    TreeModel tree;
    tree.feature_names = {"RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba"};
    tree.class_names = {"1", "2", "3"};
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> share(0.2, 0.8), unit(0.0, 1.0);
    std::vector<int> budget{leaves};  // leaves below each node
    tree.nodes.emplace_back();
    for (std::size_t t = 0; t < tree.nodes.size(); ++t) {
        const int m = budget[t];
        const double samples = std::round(rows * m / leaves);
        const Eigen::Vector3d weights(unit(random), unit(random), unit(random));
        tree.nodes[t].samples = samples;
        tree.nodes[t].distribution = weights / weights.sum();
        tree.nodes[t].class_counts = tree.nodes[t].distribution * samples;
        if (m == 1) continue;
        const int left = std::clamp(static_cast<int>(std::lround(m * share(random))), 1, m - 1);
        tree.nodes[t].feature = static_cast<int>(t % 8);
        tree.nodes[t].threshold = std::round(1000.0 * unit(random)) / 100.0;
        for (const int part : {left, m - left}) {
            TreeNode child;
            child.parent = static_cast<int>(t);
            child.depth = tree.nodes[t].depth + 1;
            (tree.nodes[t].left < 0 ? tree.nodes[t].left : tree.nodes[t].right) = static_cast<int>(tree.nodes.size());
            tree.nodes.push_back(child);
            budget.push_back(part);
        }
    }
    return tree;
}

// The tree as a model file whose pipeline and target name its features and classes.
inline std::shared_ptr<const ModelFile> random_model(int leaves, double rows = 1e6, unsigned seed = 16) {
    auto model = std::make_shared<ModelFile>();
    model->tree = random_tree(leaves, rows, seed);
    for (const std::string& name : model->tree.feature_names) {
        InputColumn column;
        column.name = name;
        model->pipeline.inputs.push_back(column);
    }
    model->target.column = "Type";
    model->target.class_names = model->tree.class_names;
    return model;
}

}  // namespace treelab::test
