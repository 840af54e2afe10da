// The pruning path as a curve (pruning_path_curve.h) against cost_complexity_path on a real tree.
#include <gtest/gtest.h>

#include "core/learners/cart/cost_complexity.h"
#include "core/learners/learner.h"
#include "core/run/pruning_path_curve.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The curve as it was first written: prune the grown tree from scratch at every value and evaluate
// the subtree; the incremental curve must give exactly these points.
std::vector<PruningPathPoint> curve_by_repruning(const PruningPathHook& hook, const TreeModel& model,
                                                 const PreparedData& data) {
    TreeModel grown = model;
    for (TreeNode& node : grown.nodes) node.pruned = false;
    std::vector<PruningPathPoint> curve;
    for (const double alpha : hook.path_values(grown)) {
        if (!curve.empty() && curve.back().alpha == alpha) continue;
        const TreeModel pruned = hook.prune(grown, alpha);
        double impurity = 0.0;
        for (std::size_t i = 0; i < pruned.nodes.size(); ++i)
            if (pruned.stops_at(static_cast<int>(i)))
                impurity += pruned.nodes[i].samples * pruned.nodes[i].impurity / pruned.nodes.front().samples;
        curve.push_back({alpha, impurity, pruned.stats().leaves, evaluate(pruned, data.train), evaluate(pruned, data.test)});
    }
    return curve;
}

void expect_same_curve(const std::vector<PruningPathPoint>& got, const std::vector<PruningPathPoint>& expected) {
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
        SCOPED_TRACE("point " + std::to_string(k) + ", alpha " + std::to_string(expected[k].alpha));
        EXPECT_EQ(got[k].alpha, expected[k].alpha);
        EXPECT_EQ(got[k].impurity, expected[k].impurity);
        EXPECT_EQ(got[k].leaves, expected[k].leaves);
        EXPECT_EQ(got[k].train, expected[k].train);  // every score, bit for bit
        EXPECT_EQ(got[k].test, expected[k].test);
    }
}

RunConfig glass_cart(const std::string& ccp_alpha) {
    RunConfig config;
    config.data_file = test::dataset("glass.csv");
    config.target = "Type";
    config.params = method_params("cart", {"ccp_alpha=" + ccp_alpha});
    config.seed = 7;
    return config;
}

// Every point repeats the impurity and leaves of the last path step with its alpha (tied steps
// prune together), and scores that subtree on the training and test rows; the last point is the
// root alone.
TEST(PruningPathCurve, FollowsTheCostComplexityPath) {
    const RunOutcome outcome = run_training(glass_cart("0"));
    const PruningPath path = cost_complexity_path(outcome.model.tree);
    const std::vector<PruningPathPoint> curve =
        pruning_path_curve(*find_learner("cart").pruning_path, outcome.model.tree, *outcome.data);
    ASSERT_GT(curve.size(), 3u);
    std::size_t k = 0;
    for (std::size_t step = 0; step < path.alphas.size(); ++step) {
        if (step + 1 < path.alphas.size() && path.alphas[step + 1] == path.alphas[step]) continue;
        ASSERT_LT(k, curve.size());
        EXPECT_EQ(curve[k].alpha, path.alphas[step]);
        test::expect_near_rel(curve[k].impurity, path.impurities[step], 1e-12, 1e-15);
        EXPECT_EQ(curve[k].leaves, path.leaves[step]);
        const TreeModel pruned = prune_cost_complexity(outcome.model.tree, path.alphas[step]);
        EXPECT_EQ(curve[k].test.at("accuracy"), evaluate(pruned, outcome.data->test).at("accuracy"));
        ++k;
    }
    EXPECT_EQ(k, curve.size());
    EXPECT_EQ(curve.back().leaves, 1);
    EXPECT_GT(curve.front().train.at("accuracy"), curve.back().train.at("accuracy"));
}

// A model trained with pruning gives the path of its grown tree, the same as one trained without.
TEST(PruningPathCurve, StartsFromTheGrownTreeOfAPrunedModel) {
    const RunOutcome grown = run_training(glass_cart("0")), pruned = run_training(glass_cart("0.02"));
    ASSERT_LT(pruned.model.tree.stats().leaves, grown.model.tree.stats().leaves);
    const PruningPathHook& hook = *find_learner("cart").pruning_path;
    const auto a = pruning_path_curve(hook, grown.model.tree, *grown.data);
    const auto b = pruning_path_curve(hook, pruned.model.tree, *pruned.data);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].leaves, b[k].leaves);
}

// The incremental curve (rows updated per collapse) has exactly the points of pruning from scratch
// at every alpha, on glass (classification: accuracy, macro F1, log loss) for a grown and a pruned
// model, and on diabetes (regression: mse, rmse, mae, r2).
TEST(PruningPathCurve, EqualsRepruningAtEveryAlpha) {
    const PruningPathHook& hook = *find_learner("cart").pruning_path;
    ASSERT_TRUE(hook.sequence);
    for (const char* alpha : {"0", "0.02"}) {
        const RunOutcome glass = run_training(glass_cart(alpha));
        SCOPED_TRACE(std::string("glass, ccp_alpha ") + alpha);
        const auto curve = pruning_path_curve(hook, glass.model.tree, *glass.data);
        ASSERT_GT(curve.size(), 10u);
        ASSERT_TRUE(curve.front().test.contains("log_loss"));
        expect_same_curve(curve, curve_by_repruning(hook, glass.model.tree, *glass.data));
    }
    RunConfig diabetes;
    diabetes.data_file = test::dataset("diabetes.csv");
    diabetes.target = "progression";
    diabetes.params = method_params("cart", {"min_samples_leaf=3"});
    diabetes.seed = 3;
    const RunOutcome regression = run_training(diabetes);
    ASSERT_EQ(regression.model.tree.task, Task::Regression);
    SCOPED_TRACE("diabetes");
    const auto curve = pruning_path_curve(hook, regression.model.tree, *regression.data);
    ASSERT_GT(curve.size(), 10u);
    ASSERT_TRUE(curve.front().test.contains("r2"));
    expect_same_curve(curve, curve_by_repruning(hook, regression.model.tree, *regression.data));
}

// add_pruning_curve attaches the curve to a CART outcome (as the GUI's worker does) and leaves it
// empty for a learner without a pruning path.
TEST(PruningPathCurve, AddPruningCurveFillsTheOutcome) {
    RunOutcome cart = run_training(glass_cart("0"));
    EXPECT_TRUE(cart.pruning_curve.empty());
    add_pruning_curve(cart);
    expect_same_curve(cart.pruning_curve, pruning_path_curve(*find_learner("cart").pruning_path, cart.model.tree, *cart.data));
    RunConfig latent = glass_cart("0");
    latent.method = "latent";
    latent.params = method_params("latent", find_learner("latent").quick_params);
    RunOutcome other = run_training(latent);
    add_pruning_curve(other);
    EXPECT_TRUE(other.pruning_curve.empty());
}

}  // namespace
}  // namespace treelab
