// Linear leaves (tree_model.h): prediction, validation and the model file.
// tests/data/models/linear_leaves_valid.json, worked by hand (features x0 x1):
//   0: x0 − 0.5 x1 <= 0.25   -> 1, 2
//   1: 10.5 + 2 x0 − 0.75 x1
//   2: −3 + 4.25 x1
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/model/model_file.h"
#include "tests/core/model/latent_small_tree.h"
#include "tests/core/model/small_trees.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

ModelFile linear_model() { return load_model(test::test_data("models/linear_leaves_valid.json")); }

// validate() throws an Error containing `expected`.
void expect_invalid(const TreeModel& tree, const std::string& expected) {
    try {
        tree.validate();
        ADD_FAILURE() << "expected an Error containing: " << expected;
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
}

// A row stopping at a linear leaf gets value + slopes·x; the hand-worked rows of the file above.
TEST(LinearLeaves, PredictValuePlusSlopesTimesX) {
    const TreeModel tree = linear_model().tree;
    EXPECT_TRUE(tree.has_linear_leaves());
    Eigen::MatrixXd X(4, 2);
    X << 0, 0,  //  0 <= 0.25: left, 10.5
        1, 2,   //  0 <= 0.25: left, 10.5 + 2 − 1.5
        2, 0,   //  2 >  0.25: right, −3
        1, -1;  //  1.5 > 0.25: right, −3 − 4.25
    const Eigen::Vector4d expected(10.5, 11.0, -3.0, -7.25);
    EXPECT_EQ(tree.predict(X), expected);
    EXPECT_EQ(Eigen::VectorXd(tree.predict_outputs(X).col(0)), expected);
    EXPECT_FALSE(test::oblique_tree().has_linear_leaves());
}

// Slopes of the wrong size, non-finite slopes, slopes on a classification tree and slopes beside a
// routing predictor are refused, each with its own message.
TEST(LinearLeaves, ValidateRefusesInconsistentSlopes) {
    TreeModel tree = linear_model().tree;
    tree.validate();
    tree.nodes[1].leaf_weights = Eigen::Vector3d(1.0, 2.0, 3.0);
    expect_invalid(tree, "node 1 has 3 linear leaf weights but the model has 2 features");
    tree.nodes[1].leaf_weights = Eigen::Vector2d(1.0, std::numeric_limits<double>::quiet_NaN());
    expect_invalid(tree, "node 1 has a non-finite linear leaf weight");

    TreeModel classes = test::axis_tree();
    classes.nodes[3].leaf_weights = Eigen::Vector2d(1.0, 2.0);
    expect_invalid(classes, "node 3 has linear leaf weights, but a classification tree predicts class probabilities only");

    TreeModel latent = test::latent_tree();
    latent.task = Task::Regression;
    latent.class_names.clear();
    for (TreeNode& node : latent.nodes) node.distribution = Eigen::VectorXd::Zero(1), node.class_counts.resize(0);
    latent.routing_predictor->layers.back().weights.conservativeResize(1, Eigen::NoChange);
    latent.routing_predictor->layers.back().bias.conservativeResize(1);
    latent.validate();
    latent.nodes[1].leaf_weights = Eigen::Vector2d(1.0, 2.0);
    expect_invalid(latent, "node 1 has linear leaf weights, which a tree with a routing predictor cannot use");
}

// A model with linear leaves round-trips exactly through a file of format version 3, and predicts
// bit-identically after loading.
TEST(LinearLeaves, ModelFileRoundTripIsExact) {
    ModelFile model = linear_model();
    model.tree.nodes[1].leaf_weights = Eigen::Vector2d(1.0 / 3.0, -1e-300);
    const std::string text = model_to_json(model);
    EXPECT_NE(text.find("\"version\": 3"), std::string::npos);
    const ModelFile loaded = model_from_json(text, "memory");
    const auto slopes = [](const TreeNode& node) { return std::vector<double>(node.leaf_weights.begin(), node.leaf_weights.end()); };
    for (std::size_t id = 0; id < model.tree.nodes.size(); ++id)
        EXPECT_EQ(slopes(loaded.tree.nodes[id]), slopes(model.tree.nodes[id])) << "node " << id;
    Eigen::MatrixXd X = Eigen::MatrixXd::Random(200, 2) * 3.0;
    EXPECT_TRUE((loaded.tree.predict(X).array() == model.tree.predict(X).array()).all());
}

// Without linear leaves nothing of them is written, so the file keeps the older version.
TEST(LinearLeaves, ConstantLeavesWriteNoSlopes) {
    ModelFile model = linear_model();
    for (TreeNode& node : model.tree.nodes) node.leaf_weights.resize(0);
    const std::string text = model_to_json(model);
    EXPECT_EQ(text.find("leaf_weights"), std::string::npos);
    EXPECT_NE(text.find("\"version\": 1"), std::string::npos);
}

}  // namespace
}  // namespace treelab
