#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "core/error.h"
#include "core/learners/gradtree/gradtree_export.h"
#include "core/learners/gradtree/gradtree_learner.h"
#include "core/learners/gradtree/gradtree_settings.h"
#include "core/metrics/regression_metrics.h"
#include "core/run/run_config.h"

namespace treelab {
namespace {

// Gaussian blobs (sd 0.3) at the corners (±1, ±1), class = corner (classes 2 or 4: two classes
// take the sign of x0), plus a noise feature.
Dataset blobs(int per_corner, int classes, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::normal_distribution<double> noise(0.0, 0.3);
    Dataset data;
    data.X.resize(4 * per_corner, 3);
    data.y.resize(4 * per_corner);
    for (int c = 0; c < 4; ++c)
        for (int k = 0; k < per_corner; ++k) {
            const Eigen::Index i = c * per_corner + k;
            data.X(i, 0) = (c % 2 == 0 ? -1.0 : 1.0) + noise(random);
            data.X(i, 1) = (c / 2 == 0 ? -1.0 : 1.0) + noise(random);
            data.X(i, 2) = noise(random);
            data.y(i) = classes == 2 ? c % 2 : c;
        }
    data.feature_names = {"x0", "x1", "x2"};
    data.class_names = classes == 2 ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{"a", "b", "c", "d"};
    return data;
}

ParamValues params(std::initializer_list<std::string> assignments) {
    ParamValues values(gradtree_hyperparameter_table());
    for (const std::string& assignment : assignments) values.set_assignment(gradtree_hyperparameter_table(), assignment);
    return values;
}

double accuracy(const TreeModel& model, const Dataset& data) {
    return (model.predict(data.X).array() == data.y.array()).cast<double>().mean();
}

TrainResult train(const Dataset& train_set, const Dataset& valid_set, const ParamValues& values) {
    return train_gradtree(TrainInput{train_set, &valid_set, values, 3}, [](const EpochReport&) { return true; });
}

// 001 App. B.2: the auto values of the default setting, binary vs multi-class.
TEST(GradTreeSettings, AutoValuesFollowThePapersDefaultSetting) {
    const gradtree::Settings binary = gradtree::resolve_settings(method_params("gradtree", {"preset=paper"}), blobs(10, 2, 1));
    EXPECT_EQ(binary.spec.depth, 10);
    EXPECT_EQ(binary.spec.outputs, 1);
    EXPECT_EQ(binary.spec.loss, gradtree::Loss::CrossEntropy);
    EXPECT_EQ(binary.lr_leaf, 0.005);
    EXPECT_EQ(binary.training.restarts, 5);
    EXPECT_EQ(binary.training.batch_size, 20) << "min(128, ceil(40/2))";
    EXPECT_EQ(binary.training.patience, 200);
    EXPECT_EQ(binary.training.optimizer.epsilon, 1e-7);
    EXPECT_EQ(binary.training.optimizer.epsilon_placement, EpsilonPlacement::TensorFlow);
    EXPECT_EQ(binary.spec.poly_epsilon, 0.0) << "polyLoss=False in the default setting";
    const gradtree::Settings multi = gradtree::resolve_settings(method_params("gradtree", {"preset=paper"}), blobs(100, 4, 1));
    EXPECT_EQ(multi.spec.outputs, 4);
    EXPECT_EQ(multi.spec.loss, gradtree::Loss::Focal);
    EXPECT_EQ(multi.lr_leaf, 0.05);
    EXPECT_EQ(multi.training.restarts, 3);
    EXPECT_EQ(multi.training.batch_size, 128);
    const gradtree::Settings set = gradtree::resolve_settings(params({"batch_size=7", "restarts=1", "lr_leaf=0.2", "loss=crossentropy"}),
                                                              blobs(100, 4, 1));
    EXPECT_EQ(set.training.batch_size, 7);
    EXPECT_EQ(set.training.restarts, 1);
    EXPECT_EQ(set.lr_leaf, 0.2);
    EXPECT_EQ(set.spec.loss, gradtree::Loss::CrossEntropy);
    const gradtree::Settings poly = gradtree::resolve_settings(params({"poly_epsilon=5"}), blobs(10, 2, 1));
    EXPECT_EQ(poly.spec.poly_epsilon, 5.0);
    EXPECT_EQ(poly.spec.poly_pt, nn::PolyPt::Activated) << "the paper code's p_t by default";
    EXPECT_EQ(gradtree::resolve_settings(params({"poly_pt=clean"}), blobs(10, 2, 1)).spec.poly_pt, nn::PolyPt::Logits);
}

// TreeLab's own defaults: the depth chosen on the validation rows, and a patience of about 400
// steps: 200 epochs of 2 steps (40 rows, batches of 20) but 100 of 4 (400 rows, batches of 128).
TEST(GradTreeSettings, TreeLabDefaultsSearchTheDepthAndSizeThePatience) {
    EXPECT_EQ(gradtree::resolve_settings(params({}), blobs(10, 2, 1)).spec.depth, gradtree::kAutoDepth);
    EXPECT_EQ(gradtree::resolve_settings(params({}), blobs(10, 2, 1)).training.patience, 200);
    EXPECT_EQ(gradtree::resolve_settings(params({}), blobs(100, 4, 1)).training.patience, 100);
    EXPECT_EQ(gradtree::resolve_settings(params({}), blobs(1000, 4, 1)).training.patience, 20) << "32 steps: the least patience";
    EXPECT_EQ(gradtree::resolve_settings(params({"patience=7"}), blobs(100, 4, 1)).training.patience, 7);
    EXPECT_EQ(gradtree::resolve_settings(params({}), blobs(100, 4, 1)).spec.loss, gradtree::Loss::CrossEntropy) << "more classes too";
    EXPECT_THROW(gradtree::resolve_settings(params({"depth=2.5"}), blobs(10, 2, 1)), ParamError);
}

// depth=auto: four quadrant blobs need depth 2, the first depth tried; 4 and 6 do no better on the
// validation rows, so the search stops there and returns a tree of depth at most 2.
TEST(GradTreeLearner, AutoDepthChoosesTheShallowestBestDepth) {
    const Dataset train_set = blobs(30, 4, 6), valid_set = blobs(15, 4, 7);
    const TrainResult result = train(train_set, valid_set, params({"epochs=60", "restarts=1", "batch_size=32"}));
    EXPECT_LE(result.model.stats().depth, 2);
    EXPECT_GT(accuracy(result.model, valid_set), 0.95);
}

// A fractional batch size, and a classification loss or a Poly-1 term on a regression target, are refused.
TEST(GradTreeSettings, RejectsValuesThatDoNotFit) {
    EXPECT_THROW(gradtree::resolve_settings(params({"batch_size=2.5"}), blobs(10, 2, 1)), ParamError);
    Dataset regression = blobs(10, 2, 1);
    regression.task = Task::Regression;
    regression.class_names.clear();
    EXPECT_THROW(gradtree::resolve_settings(params({"loss=focal"}), regression), ParamError);
    EXPECT_THROW(gradtree::resolve_settings(params({"poly_epsilon=2"}), regression), ParamError);
    EXPECT_THROW(gradtree::resolve_settings(params({"poly_epsilon=-1"}), blobs(10, 2, 1)), ParamError);
}

// Separable blobs are learned almost perfectly, binary (cross-entropy) and four classes (focal, the
// paper's loss for more classes).
TEST(GradTreeLearner, LearnsSeparableBlobs) {
    for (int classes : {2, 4}) {
        SCOPED_TRACE(std::to_string(classes) + " classes");
        const Dataset train_set = blobs(40, classes, 1), valid_set = blobs(10, classes, 2), test_set = blobs(40, classes, 3);
        const TrainResult result = train(train_set, valid_set, params({"depth=3", "epochs=300", "patience=50", "restarts=0", "loss=paper"}));
        EXPECT_NO_THROW(result.model.validate());
        EXPECT_FALSE(result.diverged);
        EXPECT_GE(accuracy(result.model, train_set), 0.97);
        EXPECT_GE(accuracy(result.model, test_set), 0.95);
    }
}

// 001 App. A (GDT.py): I, T and the leaves are three groups with their own rates; at a rate of 1e-12 for
// I and T the splits stay those of the initial parameters (seed 3, the first start) while the leaves learn.
TEST(GradTreeLearner, EachPartMovesAtItsOwnRate) {
    const Dataset train_set = blobs(20, 4, 1), valid_set = blobs(10, 4, 2);
    const ParamValues values = params({"depth=3", "epochs=30", "restarts=0", "prune=false", "lr_index=1e-12", "lr_values=1e-12"});
    const TreeModel trained = train(train_set, valid_set, values).model;
    const gradtree::Settings settings = gradtree::resolve_settings(values, train_set);
    const TreeModel initial = gradtree::export_tree(settings.spec, gradtree::initial_parameters(settings.spec, 3), train_set);
    ASSERT_EQ(trained.nodes.size(), initial.nodes.size());
    bool leaves_moved = false;
    for (std::size_t t = 0; t < trained.nodes.size(); ++t) {
        EXPECT_EQ(trained.nodes[t].feature, initial.nodes[t].feature);
        if (trained.nodes[t].is_split()) EXPECT_NEAR(trained.nodes[t].threshold, initial.nodes[t].threshold, 1e-9);
        else leaves_moved = leaves_moved || !trained.nodes[t].distribution.isApprox(initial.nodes[t].distribution, 1e-3);
    }
    EXPECT_TRUE(leaves_moved);
}

// 001 §4.1: the pruned tree predicts every training row as the unpruned one, has fewer nodes,
// and keeps training rows on both sides of every split.
TEST(GradTreeLearner, PruningKeepsEveryTrainingPrediction) {
    const Dataset train_set = blobs(40, 4, 1), valid_set = blobs(10, 4, 2);
    const ParamValues base = params({"depth=5", "epochs=100", "restarts=0"});
    ParamValues unpruned = base;
    unpruned.set(gradtree_hyperparameter_table(), "prune", "false");
    const TreeModel pruned_model = train(train_set, valid_set, base).model;
    const TreeModel full_model = train(train_set, valid_set, unpruned).model;
    EXPECT_LT(pruned_model.nodes.size(), full_model.nodes.size());
    EXPECT_EQ(pruned_model.predict_proba(train_set.X), full_model.predict_proba(train_set.X));
    for (const TreeNode& node : pruned_model.nodes)
        if (node.is_split()) {
            EXPECT_GE(pruned_model.nodes[static_cast<std::size_t>(node.left)].samples, 1.0);
            EXPECT_GE(pruned_model.nodes[static_cast<std::size_t>(node.right)].samples, 1.0);
        }
}

// 001 App. A: over restarts, the returned tree is the one of the lowest validation loss seen
// (unpruned and one validation batch, so its cross-entropy on the validation rows is that loss).
TEST(GradTreeLearner, RestartsKeepTheBestValidationLoss) {
    const Dataset train_set = blobs(20, 4, 1), valid_set = blobs(10, 4, 2);
    const TrainResult result = train(train_set, valid_set,
                                     params({"depth=3", "epochs=20", "restarts=2", "prune=false", "loss=crossentropy",
                                             "batch_size=64", "patience=0"}));
    ASSERT_EQ(result.history.size(), 60u);
    EXPECT_EQ(result.history.back().start, 2);
    double best = INFINITY;
    for (const EpochReport& report : result.history) best = std::min(best, report.valid_loss);
    const Eigen::MatrixXd proba = result.model.predict_proba(valid_set.X);
    double loss = 0.0;
    for (Eigen::Index i = 0; i < proba.rows(); ++i) loss -= std::log(proba(i, static_cast<Eigen::Index>(valid_set.y(i))));
    EXPECT_NEAR(loss / static_cast<double>(proba.rows()), best, 1e-9);
}

// The restarts run side by side, each with its own outputs cache and shuffle stream, so the same
// seed gives the same tree, losses and chosen start, bit for bit, on one thread and on two.
TEST(GradTreeLearner, SameModelOnOneAndTwoThreads) {
    const Dataset train_set = blobs(30, 4, 4), valid_set = blobs(10, 4, 5);
    const ParamValues values = params({"depth=3", "epochs=15", "restarts=3", "batch_size=16", "patience=5"});
    std::vector<TrainResult> results;
    for (const int threads : {1, 2}) {
        tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
        tbb::task_arena arena(threads);
        results.push_back(arena.execute([&] { return train(train_set, valid_set, values); }));
    }
    const TreeModel &a = results[0].model, &b = results[1].model;
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t t = 0; t < a.nodes.size(); ++t) {
        SCOPED_TRACE("node " + std::to_string(t));
        EXPECT_EQ(a.nodes[t].feature, b.nodes[t].feature);
        EXPECT_EQ(std::bit_cast<std::uint64_t>(a.nodes[t].threshold), std::bit_cast<std::uint64_t>(b.nodes[t].threshold));
        EXPECT_EQ(a.nodes[t].distribution, b.nodes[t].distribution);
    }
    ASSERT_EQ(results[0].history.size(), results[1].history.size());
    for (std::size_t e = 0; e < results[0].history.size(); ++e) {
        EXPECT_EQ(results[0].history[e].start, results[1].history[e].start);
        EXPECT_EQ(std::bit_cast<std::uint64_t>(results[0].history[e].train_loss), std::bit_cast<std::uint64_t>(results[1].history[e].train_loss));
        EXPECT_EQ(std::bit_cast<std::uint64_t>(results[0].history[e].valid_loss), std::bit_cast<std::uint64_t>(results[1].history[e].valid_loss));
    }
}

// Regression (squared error on standardised targets, leaves mapped back): a step in x0 is found.
TEST(GradTreeLearner, RegressionFindsAStep) {
    std::mt19937 random(5);
    std::normal_distribution<double> normal;
    Dataset data;
    data.task = Task::Regression;
    data.X.resize(200, 2);
    data.y.resize(200);
    for (Eigen::Index i = 0; i < 200; ++i) {
        data.X(i, 0) = normal(random);
        data.X(i, 1) = normal(random);
        data.y(i) = 10.0 + (data.X(i, 0) > 0.0 ? 3.0 : -3.0) + 0.1 * normal(random);
    }
    data.feature_names = {"x0", "x1"};
    const TrainResult result = train(data, data, params({"depth=2", "epochs=300", "restarts=0"}));
    EXPECT_GT(regression_report(data.y, result.model.predict(data.X)).r2, 0.95);
}

}  // namespace
}  // namespace treelab
