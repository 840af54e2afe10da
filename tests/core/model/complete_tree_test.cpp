#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/model/complete_tree.h"
#include "core/nn/sigmoid.h"

namespace treelab {
namespace {

// 40 rows of 3 features uniform in [−1, 1), class = a fixed function of the row (3 classes), or
// its regression value; fixed seed.
Dataset make_data(Task task, std::uint32_t seed = 4) {
    std::mt19937 random(seed);
    Dataset data;
    data.task = task;
    data.X.resize(40, 3);
    for (Eigen::Index k = 0; k < data.X.size(); ++k) data.X.data()[k] = 2.0 * static_cast<double>(random()) / 4294967296.0 - 1.0;
    data.y.resize(40);
    for (Eigen::Index i = 0; i < 40; ++i)
        data.y(i) = task == Task::Classification ? static_cast<double>(i % 3) : data.X(i, 0) * 10.0 + data.X(i, 2);
    data.feature_names = {"a", "b", "c"};
    if (task == Task::Classification) data.class_names = {"p", "q", "r"};
    return data;
}

AxisAlignedSplits random_axis_splits(int depth, std::uint32_t seed) {
    std::mt19937 random(seed);
    const Eigen::Index internal = (Eigen::Index{1} << depth) - 1;
    AxisAlignedSplits splits{Eigen::VectorXi(internal), Eigen::VectorXd(internal)};
    for (Eigen::Index t = 0; t < internal; ++t) {
        splits.features(t) = static_cast<int>(random() % 3);
        splits.thresholds(t) = 1.2 * static_cast<double>(random()) / 4294967296.0 - 0.6;
    }
    return splits;
}

ObliqueSplits random_oblique_splits(int depth, std::uint32_t seed) {
    std::mt19937 random(seed);
    const Eigen::Index internal = (Eigen::Index{1} << depth) - 1;
    ObliqueSplits splits{Eigen::MatrixXd(internal, 3), Eigen::VectorXd(internal)};
    for (Eigen::Index k = 0; k < splits.weights.size(); ++k)
        splits.weights.data()[k] = 2.0 * static_cast<double>(random()) / 4294967296.0 - 1.0;
    for (Eigen::Index t = 0; t < internal; ++t) splits.bias(t) = 0.6 * static_cast<double>(random()) / 4294967296.0 - 0.3;
    return splits;
}

// The leaf a row reaches by walking the heap with the documented rules, written independently.
int hand_walk(const CompleteTree& tree, const Eigen::RowVectorXd& x) {
    const int internal = (1 << tree.depth) - 1;
    int t = 0;
    while (t < internal) {
        bool left = false;
        if (const auto* axis = std::get_if<AxisAlignedSplits>(&tree.splits)) {
            left = x(axis->features(t)) <= axis->thresholds(t);
        } else {
            const auto& oblique = std::get<ObliqueSplits>(tree.splits);
            double s = oblique.bias(t);
            for (int k = 0; k < 3; ++k) s += oblique.weights(t, k) * x(k);
            left = s <= 0.0;
        }
        t = left ? 2 * t + 1 : 2 * t + 2;
    }
    return t;
}

// Rows stop where the hand walk ends; every node's samples/class counts/empty flag and class
// frequencies match a count over the hand walks (for axis-aligned and oblique trees, depth 1–3).
void expect_routes_like_the_hand_walk(const CompleteTree& tree, const Dataset& data) {
    const TreeModel model = complete_tree_model(tree, data);
    ASSERT_EQ(model.nodes.size(), static_cast<std::size_t>((2 << tree.depth) - 1));
    const Eigen::VectorXi stop = model.route(data.X);
    Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(model.nodes.size()), 3);
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
        const int leaf = hand_walk(tree, data.X.row(i));
        EXPECT_EQ(stop(i), leaf) << "row " << i;
        for (int t = leaf;; t = (t - 1) / 2) {
            counts(t, static_cast<Eigen::Index>(data.y(i))) += 1.0;
            if (t == 0) break;
        }
    }
    for (std::size_t id = 0; id < model.nodes.size(); ++id) {
        const TreeNode& node = model.nodes[id];
        const double samples = counts.row(static_cast<Eigen::Index>(id)).sum();
        EXPECT_EQ(node.samples, samples) << "node " << id;
        EXPECT_EQ(node.empty, samples == 0.0) << "node " << id;
        EXPECT_EQ(node.class_counts, counts.row(static_cast<Eigen::Index>(id)).transpose()) << "node " << id;
        if (samples > 0.0) EXPECT_EQ(node.distribution, node.class_counts / samples) << "node " << id;
        else EXPECT_EQ(node.distribution, model.nodes[static_cast<std::size_t>(node.parent)].distribution) << "node " << id;
    }
}

TEST(CompleteTree, AxisAlignedRoutesLikeAHandWalk) {
    const Dataset data = make_data(Task::Classification);
    for (int depth = 1; depth <= 3; ++depth) {
        SCOPED_TRACE(depth);
        CompleteTree tree;
        tree.depth = depth;
        tree.splits = random_axis_splits(depth, 10 + static_cast<std::uint32_t>(depth));
        expect_routes_like_the_hand_walk(tree, data);
    }
}

TEST(CompleteTree, ObliqueRoutesLikeAHandWalk) {
    const Dataset data = make_data(Task::Classification);
    for (int depth = 1; depth <= 3; ++depth) {
        SCOPED_TRACE(depth);
        CompleteTree tree;
        tree.depth = depth;
        tree.splits = random_oblique_splits(depth, 20 + static_cast<std::uint32_t>(depth));
        expect_routes_like_the_hand_walk(tree, data);
    }
}

// The convention at ties: x[f] == threshold goes left, and w·x + b == 0 goes left; the oblique split
// is stored as threshold −b.
TEST(CompleteTree, TiesGoLeft) {
    Dataset data = make_data(Task::Classification);
    data.X.row(0) << 0.25, 0.5, 0.0;
    CompleteTree axis;
    axis.depth = 1;
    axis.splits = AxisAlignedSplits{Eigen::VectorXi::Constant(1, 0), Eigen::VectorXd::Constant(1, 0.25)};
    EXPECT_EQ(complete_tree_model(axis, data).route(data.X.topRows(1))(0), 1);
    CompleteTree oblique;
    oblique.depth = 1;
    oblique.splits = ObliqueSplits{(Eigen::MatrixXd(1, 3) << 2.0, 1.0, 7.0).finished(), Eigen::VectorXd::Constant(1, -1.0)};
    const TreeModel model = complete_tree_model(oblique, data);
    EXPECT_EQ(model.nodes[0].threshold, 1.0);
    EXPECT_EQ(model.nodes[0].weights, Eigen::Vector3d(2.0, 1.0, 7.0));
    EXPECT_EQ(model.route(data.X.topRows(1))(0), 1);
}

// Depth 0 is one leaf holding the class frequencies (or the given leaf value).
TEST(CompleteTree, DepthZeroIsOneLeaf) {
    const Dataset data = make_data(Task::Classification);
    CompleteTree tree;
    tree.splits = AxisAlignedSplits{};
    const TreeModel model = complete_tree_model(tree, data);
    ASSERT_EQ(model.nodes.size(), 1u);
    EXPECT_FALSE(model.nodes[0].is_split());
    EXPECT_EQ(model.nodes[0].samples, 40.0);
    EXPECT_NEAR(model.nodes[0].distribution(0), 14.0 / 40.0, 1e-15);
}

// Given leaf values replace the leaves' routed values (regression values; class logits through
// softmax; one logit for two classes through σ), empty leaves included; internal nodes keep the
// routed mean/frequencies, and predict returns the leaf's value.
TEST(CompleteTree, LeafValuesAndLogits) {
    const Dataset regression = make_data(Task::Regression);
    CompleteTree tree;
    tree.depth = 2;
    tree.splits = AxisAlignedSplits{Eigen::Vector3i(0, 1, 2), Eigen::Vector3d(0.0, 0.0, 5.0)};  // leaf 6 is never reached
    tree.leaf_values = Eigen::Vector4d(1.0, 2.0, 3.0, 4.0);
    const TreeModel model = complete_tree_model(tree, regression);
    EXPECT_TRUE(model.nodes[6].empty);
    for (int l = 0; l < 4; ++l) EXPECT_EQ(model.nodes[static_cast<std::size_t>(3 + l)].distribution(0), l + 1.0);
    EXPECT_NEAR(model.nodes[0].distribution(0), regression.y.mean(), 1e-12);
    const Eigen::VectorXd predicted = model.predict(regression.X);
    const Eigen::VectorXi stop = model.route(regression.X);
    for (Eigen::Index i = 0; i < regression.rows(); ++i) EXPECT_EQ(predicted(i), stop(i) - 2.0);

    const Dataset classes = make_data(Task::Classification);
    tree.leaf_kind = LeafValueKind::Logits;
    tree.leaf_values = Eigen::MatrixXd::Zero(4, 3);
    tree.leaf_values(2, 1) = std::log(2.0);  // softmax (1, 2, 1)/4
    const TreeModel logits = complete_tree_model(tree, classes);
    EXPECT_NEAR(logits.nodes[5].distribution(1), 0.5, 1e-15);
    EXPECT_NEAR(logits.nodes[3].distribution(0), 1.0 / 3.0, 1e-15);

    Dataset binary = classes;
    binary.class_names = {"no", "yes"};
    for (Eigen::Index i = 0; i < binary.rows(); ++i) binary.y(i) = static_cast<double>(i % 2);
    tree.leaf_values = Eigen::Vector4d(0.0, 1.0, -2.0, 30.0);
    const TreeModel sigmoid = complete_tree_model(tree, binary);
    EXPECT_NEAR(sigmoid.nodes[4].distribution(1), nn::sigmoid(1.0), 1e-16);
    EXPECT_NEAR(sigmoid.nodes[5].distribution(0), nn::sigmoid(2.0), 1e-16);
    EXPECT_EQ(sigmoid.nodes[3].distribution, Eigen::Vector2d(0.5, 0.5));
}

// Pruned flags: rows stop at the pruned children's parent, which becomes a leaf of the effective
// tree; the pruned nodes count no rows and are flagged empty; a one-sided prune stops only its side.
TEST(CompleteTree, PrunedFlags) {
    const Dataset data = make_data(Task::Classification);
    CompleteTree tree;
    tree.depth = 2;
    tree.splits = AxisAlignedSplits{Eigen::Vector3i(0, 1, 2), Eigen::Vector3d(0.0, 0.0, 0.0)};
    tree.pruned = {false, false, false, false, true, true, true};  // node 4 alone, node 2's both children
    const TreeModel model = complete_tree_model(tree, data);
    const Eigen::VectorXi stop = model.route(data.X);
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
        const Eigen::RowVectorXd x = data.X.row(i);
        EXPECT_EQ(stop(i), x(0) > 0.0 ? 2 : x(1) <= 0.0 ? 3 : 1) << "row " << i;
    }
    for (const std::size_t id : {4u, 5u, 6u}) {
        EXPECT_EQ(model.nodes[id].samples, 0.0);
        EXPECT_TRUE(model.nodes[id].empty);
    }
    const TreeStats stats = model.stats();
    EXPECT_EQ(stats.pruned_nodes, 3);
    EXPECT_EQ(stats.nodes, 4);
}

// Wrong shapes are errors with a sentence, never a silently wrong tree.
TEST(CompleteTree, WrongInputThrows) {
    const Dataset data = make_data(Task::Classification);
    CompleteTree tree;
    tree.depth = 2;
    tree.splits = random_axis_splits(2, 3);
    tree.leaf_values = Eigen::MatrixXd::Constant(3, 3, 1.0 / 3.0);  // 3 leaves, not 2^2
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.leaf_values = Eigen::MatrixXd::Constant(4, 2, 0.5);  // 2 columns for 3 classes
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.leaf_values.resize(0, 0);
    tree.splits = random_axis_splits(1, 3);  // 1 split for 3 internal nodes
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    AxisAlignedSplits bad_feature = random_axis_splits(2, 3);
    bad_feature.features(1) = 3;
    tree.splits = bad_feature;
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.splits = ObliqueSplits{Eigen::MatrixXd::Zero(3, 2), Eigen::VectorXd::Zero(3)};  // 2 weights for 3 features
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.splits = random_oblique_splits(2, 3);
    tree.pruned = {false, true};  // not one flag per node
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.pruned = {true, false, false, false, false, false, false};  // the root
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.pruned = {false, true, false, false, false, false, false};  // a pruned node's children must be pruned
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.pruned.clear();
    tree.depth = -1;
    EXPECT_THROW(complete_tree_model(tree, data), Error);
    tree.depth = 2;
    tree.leaf_kind = LeafValueKind::Logits;
    tree.leaf_values = Eigen::Vector4d::Zero();
    EXPECT_THROW(complete_tree_model(tree, make_data(Task::Regression)), Error);  // logits need classes
    EXPECT_NO_THROW(complete_tree_model(tree, [] {
        Dataset binary = make_data(Task::Classification);
        binary.class_names = {"no", "yes"};
        binary.y = binary.y.cwiseMin(1.0);
        return binary;
    }()));
}

}  // namespace
}  // namespace treelab
