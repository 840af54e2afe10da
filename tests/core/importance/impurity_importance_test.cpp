// Impurity importance against scikit-learn 1.2.1's feature_importances_ (fixtures from
// tests/tools/make_forest_fixtures.py).
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/forest/random_forest.h"
#include "core/importance/impurity_importance.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cost_complexity.h"
#include "tests/core/learners/cart/cart_fixture.h"

namespace treelab {
namespace {

void expect_importances(const Eigen::VectorXd& importance, const nlohmann::json& expected) {
    const auto values = expected.get<std::vector<double>>();
    ASSERT_EQ(importance.size(), static_cast<Eigen::Index>(values.size()));
    for (Eigen::Index f = 0; f < importance.size(); ++f)
        EXPECT_NEAR(importance(f), values[static_cast<std::size_t>(f)], 1e-12) << "feature " << f;
}

class CartImpurityImportance : public ::testing::TestWithParam<std::string> {};

// CART's trees (full depth, max_depth, entropy, regression) give sklearn's feature_importances_.
TEST_P(CartImpurityImportance, MatchesSklearn) {
    const test::CartFixture fixture = test::load_split_fixture("importance/" + GetParam() + ".json");
    for (const nlohmann::json& run : fixture.json.at("runs")) {
        SCOPED_TRACE(run.at("params").dump());
        const TreeModel tree = grow_cart(fixture.train, test::cart_run_params(run), run.at("seed").get<std::uint32_t>());
        ASSERT_EQ(tree.nodes.size(), run.at("node_count").get<std::size_t>());
        expect_importances(impurity_importance(tree), run.at("feature_importances"));
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, CartImpurityImportance, ::testing::Values("glass", "wdbc", "diabetes"));

class ForestImpurityImportance : public ::testing::TestWithParam<std::string> {};

// A forest's importance is sklearn's: the mean of its bootstrap-weighted trees' importances.
TEST_P(ForestImpurityImportance, MatchesSklearn) {
    const test::CartFixture fixture = test::load_split_fixture("forest/" + GetParam() + ".json");
    for (const nlohmann::json& run : fixture.json.at("runs")) {
        SCOPED_TRACE(run.at("params").dump());
        ParamValues params(forest_params());
        for (const auto& [name, text] : run.at("params").items()) params.set(forest_params(), name, text.get<std::string>());
        const RandomForest forest = train_random_forest(fixture.train, params, run.at("seed").get<std::uint32_t>());
        expect_importances(impurity_importance(forest), run.at("feature_importances"));
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ForestImpurityImportance, ::testing::Values("glass", "wdbc", "diabetes"));

// Pruned nodes take no part: a tree pruned to its root has no importance at all, and one pruned
// part way has sklearn's importance of the smaller tree it equals.
TEST(ImpurityImportance, IgnoresPrunedNodes) {
    const test::CartFixture fixture = test::load_split_fixture("importance/glass.json");
    const TreeModel grown = grow_cart(fixture.train, ParamValues(cart_hyperparameter_table()), 0);
    EXPECT_TRUE(impurity_importance(prune_cost_complexity(grown, 1.0)).isZero());
    ParamValues shallow(cart_hyperparameter_table());
    shallow.set(cart_hyperparameter_table(), "max_depth", "1");
    TreeModel stump = grown;
    for (TreeNode& node : stump.nodes) node.pruned = node.depth > 1;
    EXPECT_TRUE(impurity_importance(stump) == impurity_importance(grow_cart(fixture.train, shallow, 0)));
}

// A model without node impurities (a gradient-trained tree) is refused with a message.
TEST(ImpurityImportance, NeedsNodeImpurities) {
    const test::CartFixture fixture = test::load_split_fixture("importance/glass.json");
    TreeModel tree = grow_cart(fixture.train, ParamValues(cart_hyperparameter_table()), 0);
    for (TreeNode& node : tree.nodes) node.impurity = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(impurity_importance(tree), Error);
}

}  // namespace
}  // namespace treelab
