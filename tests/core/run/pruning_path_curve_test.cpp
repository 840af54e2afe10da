// The pruning path as a curve (pruning_path_curve.h) against cost_complexity_path on a real tree.
#include <gtest/gtest.h>

#include "core/learners/cart/cost_complexity.h"
#include "core/learners/learner.h"
#include "core/run/pruning_path_curve.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

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

}  // namespace
}  // namespace treelab
