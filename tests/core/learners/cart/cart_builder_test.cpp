// grow_cart / train_cart behaviour that the sklearn fixtures do not pin down.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include <tbb/global_control.h>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "tests/core/learners/cart/cart_fixture.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// rows × features of small integers (many ties) and labels drawn from `classes` classes.
Dataset random_classification(int rows, int features, int classes, int levels, std::uint32_t seed) {
    std::mt19937 rng(seed);
    Dataset data;
    data.X.resize(rows, features);
    data.y.resize(rows);
    for (int r = 0; r < rows; ++r) {
        for (int f = 0; f < features; ++f) data.X(r, f) = static_cast<double>(rng() % levels);
        data.y(r) = static_cast<double>(rng() % classes);
    }
    for (int f = 0; f < features; ++f) data.feature_names.push_back("x" + std::to_string(f));
    for (int c = 0; c < classes; ++c) data.class_names.push_back("c" + std::to_string(c));
    return data;
}

ParamValues params_with(const std::vector<std::string>& assignments) {
    ParamValues params(cart_hyperparameter_table());
    for (const std::string& assignment : assignments) params.set_assignment(cart_hyperparameter_table(), assignment);
    return params;
}

double impurity(const Eigen::VectorXd& counts, bool entropy) {
    const double n = counts.sum();
    double value = entropy ? 0.0 : 1.0;
    for (double c : counts) {
        if (entropy && c > 0) value -= c / n * std::log2(c / n);
        if (!entropy) value -= (c / n) * (c / n);
    }
    return value;
}

// Exhaustive search over every feature and every threshold between distinct values (Breiman's
// split search): the root split CART picks attains the largest impurity decrease.
TEST(CartBuilder, RootSplitMaximisesImpurityDecreaseByBruteForce) {
    const Dataset data = random_classification(40, 3, 3, 6, 7);
    for (bool entropy : {false, true}) {
        const TreeModel tree = grow_cart(data, params_with({entropy ? "criterion=entropy" : "criterion=gini", "max_depth=1"}), 0);
        ASSERT_EQ(tree.nodes.size(), 3u);
        const double n = data.rows(), root = impurity(tree.nodes[0].class_counts, entropy);
        double best = -1.0;
        for (int f = 0; f < data.features(); ++f) {
            for (double t = 0.5; t < 5.0; t += 1.0) {
                Eigen::VectorXd left = Eigen::VectorXd::Zero(3), right = Eigen::VectorXd::Zero(3);
                for (int r = 0; r < n; ++r) (data.X(r, f) <= t ? left : right)(static_cast<int>(data.y(r))) += 1.0;
                if (left.sum() == 0 || right.sum() == 0) continue;
                best = std::max(best, root - left.sum() / n * impurity(left, entropy) - right.sum() / n * impurity(right, entropy));
            }
        }
        const TreeNode& l = tree.nodes[tree.nodes[0].left];
        const TreeNode& r = tree.nodes[tree.nodes[0].right];
        const double chosen = root - l.samples / n * impurity(l.class_counts, entropy) - r.samples / n * impurity(r.class_counts, entropy);
        EXPECT_NEAR(chosen, best, 1e-12) << (entropy ? "entropy" : "gini");
        int routed_left = 0;
        for (int row = 0; row < n; ++row) routed_left += data.X(row, tree.nodes[0].feature) <= tree.nodes[0].threshold;
        EXPECT_EQ(routed_left, l.samples);
    }
}

// Every node's statistics are consistent: children partition their parent's rows, counts sum to
// samples, distribution = counts / samples, depths step by one, impurity is the criterion's.
TEST(CartBuilder, NodeStatisticsAreConsistent) {
    const test::CartFixture fixture = test::load_cart_fixture("glass");
    const TreeModel tree = grow_cart(fixture.train, params_with({"criterion=entropy"}), 0);
    EXPECT_NO_THROW(tree.validate());
    EXPECT_EQ(tree.nodes[0].samples, fixture.train.rows());
    for (const TreeNode& node : tree.nodes) {
        EXPECT_DOUBLE_EQ(node.class_counts.sum(), node.samples);
        EXPECT_TRUE(node.distribution.isApprox(node.class_counts / node.samples));
        EXPECT_NEAR(node.impurity, impurity(node.class_counts, true), 1e-12);
        EXPECT_FALSE(node.empty);
        if (!node.is_split()) continue;
        const TreeNode& l = tree.nodes[node.left];
        const TreeNode& r = tree.nodes[node.right];
        EXPECT_TRUE((l.class_counts + r.class_counts).isApprox(node.class_counts));
        EXPECT_EQ(l.depth, node.depth + 1);
        EXPECT_EQ(tree.nodes[l.parent].left, node.left);
    }
    EXPECT_EQ(tree.feature_names, fixture.train.feature_names);
    EXPECT_EQ(tree.class_names, fixture.train.class_names);
}

// A progress callback returning false stops growth: open nodes become leaves, the tree is valid,
// and train_cart reports stopped_early; its reports are heartbeats, so no epochs are recorded.
TEST(CartBuilder, ProgressReturningFalseStopsEarlyWithAValidTree) {
    const Dataset data = random_classification(4000, 3, 3, 1000, 11);
    const std::size_t full = grow_cart(data, ParamValues(cart_hyperparameter_table()), 0).nodes.size();
    ASSERT_GT(full, 2000u);
    std::vector<int> calls;  // heartbeats after the root and after node 1000; the second one stops
    const TreeModel stopped = grow_cart(data, ParamValues(cart_hyperparameter_table()), 0, [&](const EpochReport& report) {
        EXPECT_TRUE(report.heartbeat) << "CART has no epochs for the curves, only a chance to stop";
        calls.push_back(report.epoch);
        return report.epoch < 1000;
    });
    EXPECT_EQ(calls, (std::vector<int>{1, 1000}));
    EXPECT_LT(stopped.nodes.size(), full);
    EXPECT_GE(stopped.nodes.size(), 1000u);
    EXPECT_NO_THROW(stopped.validate());
    const TrainResult result = train_cart(TrainInput{data, nullptr, ParamValues(cart_hyperparameter_table()), 0},
                                          [](const EpochReport&) { return false; });
    EXPECT_TRUE(result.stopped_early);
    EXPECT_TRUE(result.history.empty());
    EXPECT_EQ(result.model.nodes.size(), 3u) << "stopped at the first heartbeat: the root's split and its two children";
}

// sklearn treats float32 values within 1e-7 (added in float32) as equal: 0.5 and the float two
// ulps above cannot be split, three ulps can (both checked against sklearn 1.2.1).
TEST(CartBuilder, NearlyEqualFloat32ValuesCountAsOneValue) {
    Dataset data;
    data.X.resize(2, 1);
    data.y = Eigen::Vector2d(0, 1);
    data.feature_names = {"x"};
    data.class_names = {"a", "b"};
    float above = 0.5f;
    for (int ulps = 1; ulps <= 3; ++ulps) {
        above = std::nextafter(above, 1.0f);
        data.X << 0.5, above;
        EXPECT_EQ(grow_cart(data, ParamValues(cart_hyperparameter_table()), 0).nodes.size(), ulps < 3 ? 1u : 3u) << ulps << " ulps";
    }
}

// Regression leaves predict the mean target of their training rows (sklearn's node value).
TEST(CartBuilder, RegressionLeavesHoldTheMeanOfTheirRows) {
    const test::CartFixture fixture = test::load_cart_fixture("diabetes");
    const TreeModel tree = grow_cart(fixture.train, params_with({"max_depth=3"}), 0);
    const Eigen::VectorXi stops = tree.route(fixture.train.X);
    for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
        if (tree.nodes[id].is_split()) continue;
        double sum = 0.0;
        int rows = 0;
        for (Eigen::Index r = 0; r < stops.size(); ++r)
            if (stops(r) == static_cast<int>(id)) sum += fixture.train.y(r), ++rows;
        EXPECT_EQ(rows, tree.nodes[id].samples);
        test::expect_near_rel(tree.nodes[id].distribution(0), sum / rows, 1e-12);
    }
}

// A criterion that does not fit the target is a ParamError naming the criterion.
TEST(CartBuilder, CriterionMustFitTheTask) {
    const test::CartFixture regression = test::load_cart_fixture("diabetes");
    EXPECT_THROW(grow_cart(regression.train, params_with({"criterion=gini"}), 0), ParamError);
    try {
        grow_cart(regression.train, params_with({"criterion=entropy"}), 0);
    } catch (const ParamError& error) {
        EXPECT_STREQ(error.what(), "criterion 'entropy' needs a classification target");
    }
    const Dataset classes = random_classification(20, 2, 2, 3, 1);
    EXPECT_THROW(grow_cart(classes, params_with({"criterion=squared_error"}), 0), ParamError);
}

// max_features counts above the number of features mean all features (the unrestricted tree).
TEST(CartBuilder, MaxFeaturesCountIsCappedAtTheFeatureCount) {
    const test::CartFixture fixture = test::load_cart_fixture("iris");
    const TreeModel all = grow_cart(fixture.train, ParamValues(cart_hyperparameter_table()), 5);
    const TreeModel capped = grow_cart(fixture.train, params_with({"max_features=50"}), 5);
    ASSERT_EQ(all.nodes.size(), capped.nodes.size());
    for (std::size_t i = 0; i < all.nodes.size(); ++i) {
        EXPECT_EQ(all.nodes[i].feature, capped.nodes[i].feature);
        if (all.nodes[i].is_split()) {
            EXPECT_EQ(all.nodes[i].threshold, capped.nodes[i].threshold);
        }
    }
}

// The parameter table carries sklearn's defaults under TreeLab's names.
TEST(CartBuilder, ParamsDescribeSklearnDefaults) {
    const ParamValues defaults(cart_hyperparameter_table());
    EXPECT_EQ(defaults.text("criterion"), "auto");
    EXPECT_EQ(defaults.integer("max_depth"), 0);
    EXPECT_EQ(defaults.integer("min_samples_split"), 2);
    EXPECT_EQ(defaults.integer("min_samples_leaf"), 1);
    EXPECT_EQ(defaults.real("min_impurity_decrease"), 0.0);
    EXPECT_EQ(defaults.text("max_features"), "all");
    EXPECT_EQ(defaults.real("ccp_alpha"), 0.0);
    EXPECT_THROW(params_with({"max_depth=-1"}), ParamError);
    EXPECT_THROW(params_with({"max_features=cube"}), ParamError);
    EXPECT_TRUE(params_with({"max_features=0.3"}).is_number("max_features"));
}

// Weights of one are the plain fit, node for node; rows of weight 0 are left out as if absent (the
// fit on the other rows); counts missing or negative are refused.
TEST(CartBuilder, WeightedFitWithUnitWeightsIsThePlainFit) {
    const Dataset data = random_classification(300, 4, 3, 6, 8);
    const ParamValues params = params_with({"max_features=2"});
    const TreeModel plain = grow_cart(data, params, 3);
    const TreeModel ones = grow_weighted_cart(data, std::vector<int>(300, 1), params, 3);
    ASSERT_EQ(ones.nodes.size(), plain.nodes.size());
    for (std::size_t i = 0; i < plain.nodes.size(); ++i) {
        EXPECT_EQ(ones.nodes[i].feature, plain.nodes[i].feature) << "node " << i;
        if (plain.nodes[i].is_split()) {
            EXPECT_EQ(ones.nodes[i].threshold, plain.nodes[i].threshold) << "node " << i;
        }
        EXPECT_EQ(ones.nodes[i].impurity, plain.nodes[i].impurity) << "node " << i;
    }
    std::vector<int> half(300, 1);
    std::vector<Eigen::Index> kept;
    for (int r = 0; r < 300; ++r) (r % 2 ? half[static_cast<std::size_t>(r)] = 0 : (kept.push_back(r), 0));
    const TreeModel halved = grow_weighted_cart(data, half, params, 3);
    EXPECT_EQ(halved.nodes.size(), grow_cart(data.subset(kept), params, 3).nodes.size());
    EXPECT_EQ(halved.nodes.front().samples, 150.0);
    EXPECT_THROW(grow_weighted_cart(data, std::vector<int>(299, 1), params, 3), TrainingError);
    std::vector<int> negative(300, 1);
    negative[5] = -1;
    EXPECT_THROW(grow_weighted_cart(data, negative, params, 3), TrainingError);
    EXPECT_THROW(grow_weighted_cart(data, std::vector<int>(300, 0), params, 3), TrainingError);
}

void expect_same_tree(const TreeModel& actual, const TreeModel& expected) {
    ASSERT_EQ(actual.nodes.size(), expected.nodes.size());
    for (std::size_t i = 0; i < expected.nodes.size(); ++i) {
        EXPECT_EQ(actual.nodes[i].feature, expected.nodes[i].feature) << "node " << i;
        if (expected.nodes[i].is_split()) {
            EXPECT_EQ(actual.nodes[i].threshold, expected.nodes[i].threshold) << "node " << i;
        }
        EXPECT_EQ(actual.nodes[i].impurity, expected.nodes[i].impurity) << "node " << i;
        EXPECT_EQ(actual.nodes[i].samples, expected.nodes[i].samples) << "node " << i;
    }
}

// The root sort runs the features in parallel: one thread and two grow the same tree, on a
// table whose columns are sorted by radix (600 rows) and on a wide one sorted by comparison.
TEST(CartBuilder, AnyThreadCountGrowsTheSameTree) {
    for (const Dataset& data : {random_classification(600, 9, 3, 40, 11), random_classification(40, 300, 2, 5, 12)}) {
        const ParamValues params = params_with({});
        TreeModel one_thread;
        {
            const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
            one_thread = grow_cart(data, params, 5);
        }
        const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
        expect_same_tree(grow_cart(data, params, 5), one_thread);
    }
}

// Short columns are sorted by comparison, long ones by radix, to the same order: 200 rows each
// weighing 2 grow the tree of the same rows written twice (400 rows).
TEST(CartBuilder, ShortAndLongColumnsSortAlike) {
    const Dataset data = random_classification(200, 6, 3, 50, 13);
    Dataset twice = data;
    twice.X.resize(400, data.features());
    twice.X << data.X, data.X;
    twice.y.resize(400);
    twice.y << data.y, data.y;
    const ParamValues params = params_with({});
    expect_same_tree(grow_weighted_cart(data, std::vector<int>(200, 2), params, 0), grow_cart(twice, params, 0));
}

}  // namespace
}  // namespace treelab
