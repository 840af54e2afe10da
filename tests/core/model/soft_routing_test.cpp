#include <cmath>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/model/soft_routing.h"
#include "tests/core/model/latent_small_tree.h"

namespace treelab {
namespace {

// q and its Danskin sources on a depth-2 tree match 000 eq. 1 worked by hand (left child −s, right +s).
TEST(SoftRouting, PathScoresByHand) {
    Eigen::MatrixXd s(2, 3);
    s << 0.5, -0.3, 2.0,  //
        -2.0, 0.25, 7.0;
    Eigen::MatrixXi source;
    const Eigen::MatrixXd q = latent_path_scores(s, &source);
    Eigen::MatrixXd expected_q(2, 7);
    expected_q << 1.0, -0.5, 0.5, -0.5, -0.5, -2.0, 0.5,  //
        1.0, 1.0, -2.0, -0.25, 0.25, -7.0, -2.0;
    Eigen::MatrixXi expected_source(2, 7);
    expected_source << 0, 1, 2, 1, 1, 5, 2,  //
        0, 0, 2, 3, 4, 5, 2;
    EXPECT_EQ(q, expected_q);
    EXPECT_EQ(source, expected_source);
    EXPECT_EQ(latent_path_scores(s), expected_q);  // the same values without sources
}

// z = min(clamp(q, 0, 1), a_t) per node (000 Prop. 1).
TEST(SoftRouting, TraversalClampsAndCapsByActivity) {
    Eigen::MatrixXd q(1, 7);
    q << 1.0, -0.5, 0.5, -0.5, -0.5, -2.0, 0.5;
    Eigen::VectorXd a(7);
    a << 1.0, 0.8, 0.4, 0.8, 0.8, 0.3, 0.2;
    Eigen::MatrixXd expected(1, 7);
    expected << 1.0, 0.0, 0.4, 0.0, 0.0, 0.0, 0.2;
    EXPECT_EQ(latent_traversal(q, a), expected);
}

// s = X Wᵀ + b, then ELU (expm1 below zero, identity above) when asked.
TEST(SoftRouting, SplitScoresWithAndWithoutElu) {
    Eigen::MatrixXd X(2, 2), W(1, 2);
    X << 1.0, 2.0, -3.0, 0.5;
    W << 0.5, -1.0;
    const Eigen::VectorXd b = Eigen::VectorXd::Constant(1, 0.25);
    const Eigen::MatrixXd plain = latent_split_scores(X, W, b, SplitActivation::None);
    EXPECT_DOUBLE_EQ(plain(0, 0), -1.25);
    EXPECT_DOUBLE_EQ(plain(1, 0), -1.75);
    const Eigen::MatrixXd elu = latent_split_scores(X, W, b, SplitActivation::Elu);
    EXPECT_DOUBLE_EQ(elu(0, 0), std::expm1(-1.25));
    const Eigen::MatrixXd positive = latent_split_scores(X, W, Eigen::VectorXd::Constant(1, 5.0), SplitActivation::Elu);
    EXPECT_DOUBLE_EQ(positive(0, 0), 3.5);
}

// s < 0 goes left both in q (000 §3.1: the left child's reward is −s) and in TreeModel's route;
// s > 0 goes right in both (the reference code's opposite convention is not used); at s = 0
// TreeModel goes left while q gives both children 0.
TEST(SoftRouting, LeftRightMappingBothWays) {
    const TreeModel tree = test::latent_tree();  // s = x0 − x1 + 0.5
    Eigen::MatrixXd X(3, 2);
    X << 0.0, 1.0,  // s = −0.5: left
        1.0, 0.0,   // s = 1.5: right
        0.0, 0.5;   // s = 0
    TreeModel unpruned = tree;
    unpruned.nodes[2].pruned = false;
    unpruned.routing_predictor.reset();
    const Eigen::VectorXi stop = unpruned.route(X);
    EXPECT_EQ(stop(0), 1);
    EXPECT_EQ(stop(1), 2);
    EXPECT_EQ(stop(2), 1);
    Eigen::MatrixXd s(3, 1);
    s << -0.5, 1.5, 0.0;
    const Eigen::MatrixXd q = latent_path_scores(s);
    EXPECT_GT(q(0, 1), 0.0);
    EXPECT_LT(q(0, 2), 0.0);
    EXPECT_LT(q(1, 1), 0.0);
    EXPECT_GT(q(1, 2), 0.0);
    EXPECT_EQ(q(2, 1), 0.0);
    EXPECT_EQ(q(2, 2), 0.0);
    EXPECT_EQ(latent_split_bias(tree.nodes[0]), 0.5);
    EXPECT_EQ(tree.nodes[0].threshold, -0.5);
}

// A model with a routing predictor predicts f_φ(x, z) (softmax for the classes), worked by hand
// in latent_small_tree.h, while route() sees the pruned structure.
TEST(SoftRouting, ModelPredictsThroughThePredictor) {
    const TreeModel tree = test::latent_tree();
    ASSERT_NO_THROW(tree.validate());
    Eigen::MatrixXd X(2, 2);
    X << 0.0, 1.0, 1.0, 0.0;
    Eigen::MatrixXd z_expected(2, 3);
    z_expected << 1.0, 0.5, 0.0, 1.0, 0.0, 0.0;
    EXPECT_EQ(latent_traversal(tree, X), z_expected);
    const Eigen::MatrixXd outputs = tree.predict_outputs(X);
    EXPECT_DOUBLE_EQ(outputs(0, 0), 3.6);
    EXPECT_DOUBLE_EQ(outputs(0, 1), 0.3);
    EXPECT_DOUBLE_EQ(outputs(1, 0), 1.1);
    EXPECT_DOUBLE_EQ(outputs(1, 1), 2.8);
    const Eigen::MatrixXd proba = tree.predict_proba(X);
    EXPECT_NEAR(proba(0, 0), 1.0 / (1.0 + std::exp(0.3 - 3.6)), 1e-15);
    EXPECT_NEAR(proba(1, 1), 1.0 / (1.0 + std::exp(1.1 - 2.8)), 1e-15);
    EXPECT_EQ(tree.predict(X), Eigen::Vector2d(0.0, 1.0));
    EXPECT_EQ(tree.route(X), Eigen::Vector2i(1, 0));  // right child pruned: the row stops at the root
}

// A regression model's predict is the first output; a self-supervised model's predict_proba reads
// the node distributions while predict_outputs gives the regressed features.
TEST(SoftRouting, RegressionAndSelfSupervisedOutputs) {
    Eigen::MatrixXd X(1, 2);
    X << 0.0, 1.0;
    TreeModel regression = test::latent_tree();
    regression.task = Task::Regression;
    regression.class_names.clear();
    for (TreeNode& node : regression.nodes) node.distribution = Eigen::VectorXd::Constant(1, 9.0);
    regression.routing_predictor->layers[0].weights.conservativeResize(1, 4);
    regression.routing_predictor->layers[0].bias.conservativeResize(1);
    ASSERT_NO_THROW(regression.validate());
    EXPECT_DOUBLE_EQ(regression.predict(X)(0), 3.6);

    TreeModel self_supervised = test::latent_tree();
    self_supervised.nodes[1].distribution = Eigen::Vector2d(0.25, 0.75);
    RoutingPredictor& predictor = *self_supervised.routing_predictor;
    predictor.output_features = {1};
    predictor.layers[0].weights.conservativeResize(1, 4);
    predictor.layers[0].bias.conservativeResize(1);
    EXPECT_THROW(self_supervised.validate(), Error);  // x1 is read by the split and the predictor
    self_supervised.nodes[0].weights(1) = 0.0;
    predictor.layers[0].weights(0, 1) = 0.0;
    ASSERT_NO_THROW(self_supervised.validate());
    const Eigen::RowVector2d left(-1.0, 0.0);  // s = −0.5: node 1
    EXPECT_EQ(self_supervised.predict_proba(left), Eigen::RowVector2d(0.25, 0.75));
    EXPECT_EQ(self_supervised.predict_outputs(left).cols(), 1);
}

// validate() refuses activities that are not a feasible pruning (000 eq. 4) or disagree with the
// pruned flags, a non-heap layout and mis-sized predictor weights.
TEST(SoftRouting, ValidationOfThePredictor) {
    auto refused = [](auto&& edit) {
        TreeModel tree = test::latent_tree();
        edit(tree);
        EXPECT_THROW(tree.validate(), Error);
    };
    refused([](TreeModel& t) { t.routing_predictor->activity(1) = 1.5; });
    refused([](TreeModel& t) { t.routing_predictor->activity(0) = 0.5; });  // child more active than parent
    refused([](TreeModel& t) { t.nodes[2].pruned = false; });               // activity 0 but not pruned
    refused([](TreeModel& t) { t.nodes[1].pruned = true; });                // pruned with activity 0.7
    refused([](TreeModel& t) { t.routing_predictor->activity.conservativeResize(2); });
    refused([](TreeModel& t) { t.routing_predictor->layers[0].weights.conservativeResize(2, 3); });
    refused([](TreeModel& t) { t.routing_predictor->layers[0].bias(0) = std::nan(""); });
    refused([](TreeModel& t) { t.routing_predictor->layers.clear(); });
    refused([](TreeModel& t) { t.routing_predictor->output_features = {5}; });
    refused([](TreeModel& t) { std::swap(t.nodes[0].left, t.nodes[0].right); });
    refused([](TreeModel& t) {
        t.nodes[0].weights.resize(0);
        t.nodes[0].feature = 0;
    });
}

// An MLP predictor (000 §4) predicts through its layers with ELU between them, worked by hand in
// latent_small_tree.h.
TEST(SoftRouting, ModelPredictsThroughAnMlpPredictor) {
    const TreeModel tree = test::latent_mlp_tree();
    ASSERT_NO_THROW(tree.validate());
    Eigen::MatrixXd X(2, 2);
    X << 0.0, 1.0, 1.0, 0.0;
    const Eigen::MatrixXd outputs = tree.predict_outputs(X);
    EXPECT_NEAR(outputs(0, 0), std::exp(-1.0) + 0.1, 1e-15);
    EXPECT_NEAR(outputs(0, 1), 1.45 - std::exp(-1.0), 1e-15);
    EXPECT_NEAR(outputs(1, 0), 2.0 * std::exp(-0.5) - 0.9, 1e-15);
    EXPECT_NEAR(outputs(1, 1), 0.5 * std::exp(-0.5) - 1.3, 1e-15);
    EXPECT_EQ(tree.predict(X), Eigen::Vector2d(1.0, 0.0));
}

// validate() refuses MLP layers that do not chain from features + leaves to the outputs, and
// non-finite hidden values; a self-supervised MLP may not read a regressed feature in its first layer.
TEST(SoftRouting, ValidationOfAnMlpPredictor) {
    auto refused = [](auto&& edit) {
        TreeModel tree = test::latent_mlp_tree();
        edit(tree);
        EXPECT_THROW(tree.validate(), Error);
    };
    refused([](TreeModel& t) { t.routing_predictor->layers[0].weights.conservativeResize(2, 3); });
    refused([](TreeModel& t) { t.routing_predictor->layers[0].bias.conservativeResize(3); });
    refused([](TreeModel& t) { t.routing_predictor->layers[1].weights.conservativeResize(2, 3); });
    refused([](TreeModel& t) { t.routing_predictor->layers[1].weights.conservativeResize(3, 2); });
    refused([](TreeModel& t) { t.routing_predictor->layers[0].weights(1, 2) = INFINITY; });
    refused([](TreeModel& t) { t.routing_predictor->layers[0].bias(1) = std::nan(""); });
    TreeModel self_supervised = test::latent_mlp_tree();
    self_supervised.nodes[0].weights(1) = 0.0;
    RoutingPredictor& predictor = *self_supervised.routing_predictor;
    predictor.output_features = {1};
    predictor.layers[1].weights.conservativeResize(1, 2);
    predictor.layers[1].bias.conservativeResize(1);
    EXPECT_THROW(self_supervised.validate(), Error);  // the first layer reads x1
    predictor.layers[0].weights(0, 1) = 0.0;
    EXPECT_NO_THROW(self_supervised.validate());
}

}  // namespace
}  // namespace treelab
