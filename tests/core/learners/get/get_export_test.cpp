#include <gtest/gtest.h>

#include "core/learners/get/cart_warm_start.h"
#include "core/learners/get/get_export.h"
#include "core/learners/get/get_hard_tree.h"
#include "tests/core/learners/get/get_test_util.h"

namespace treelab::get {
namespace {

// A regression set in the data's units, far from [0, 1]: features in the hundreds and tens, a
// constant one, and a target in the thousands.
Dataset raw_regression(Eigen::Index n) {
    Dataset data;
    data.task = Task::Regression;
    const Eigen::MatrixXd unit = test::unit_rows(n, 2, 21);
    data.X.resize(n, 3);
    data.X.col(0) = 100.0 + 300.0 * unit.col(0).array();
    data.X.col(1) = -50.0 + 20.0 * unit.col(1).array();
    data.X.col(2).setConstant(7.0);
    // Constant where a > 250, so CART stops there at once.
    data.y = (unit.col(0).array() > 0.5).select(1500.0, 1000.0 + 100.0 * unit.col(1).array()).matrix();
    data.feature_names = {"a", "b", "constant"};
    return data;
}

// The exported tree, in the data's units, routes every training row to the leaf the unit-scale
// hard tree does, and its leaves are the per-leaf training means (empty: (min y + max y)/2).
TEST(GetExport, LeavesAreTrainingMeansAndRoutingIsKept) {
    const Dataset data = raw_regression(200);
    const Spec spec = test::spec(3, 3);
    const UnitScaling scaling = UnitScaling::fit(data);
    const Eigen::MatrixXd inputs = scaling.inputs(data.X), targets = scaling.target(data.y);
    const TrainingRows rows{spec, scaling, inputs, targets};
    const Eigen::VectorXd parameters = test::random_tree(spec, 4);
    const TreeModel model = export_tree(rows, parameters, data);

    const Eigen::VectorXi leaves = hard_leaves(spec, parameters, inputs);
    const Eigen::VectorXi nodes = model.route(data.X);
    for (Eigen::Index i = 0; i < data.X.rows(); ++i) ASSERT_EQ(nodes(i), leaves(i) + spec.internal()) << "row " << i;

    int empty = 0;
    for (Eigen::Index l = 0; l < spec.leaves(); ++l) {
        const TreeNode& leaf = model.nodes[static_cast<std::size_t>(spec.internal() + l)];
        double sum = 0.0, count = 0.0;
        for (Eigen::Index i = 0; i < data.X.rows(); ++i)
            if (leaves(i) == l) sum += data.y(i), count += 1.0;
        const double expected = count > 0 ? sum / count : (data.y.minCoeff() + data.y.maxCoeff()) / 2.0;
        empty += count == 0;
        EXPECT_NEAR(leaf.distribution(0), expected, 1e-9 * std::abs(expected)) << "leaf " << l;
        EXPECT_EQ(leaf.samples, count);
    }
    EXPECT_GT(empty, 0) << "a random tree of depth 3 on these rows leaves some leaf empty";
}

// The CART warm start is CART: same partition of the training rows, and with refitted leaves the
// same predictions, including CART leaves above the last level (chains of always-left nodes).
TEST(GetExport, CartWarmStartRoutesAsCart) {
    const Dataset data = raw_regression(150);
    const Spec spec = test::spec(4, 3);
    const TreeModel cart = grow_depth_limited_cart(spec, data);
    const UnitScaling scaling = UnitScaling::fit(data);
    const Eigen::MatrixXd inputs = scaling.inputs(data.X), targets = scaling.target(data.y);
    const Eigen::VectorXd parameters = cart_parameters(spec, cart, scaling);
    const TreeModel model = export_tree(TrainingRows{spec, scaling, inputs, targets}, parameters, data);
    const Eigen::VectorXd expected = cart.predict(data.X), got = model.predict(data.X);
    for (Eigen::Index i = 0; i < data.X.rows(); ++i) EXPECT_NEAR(got(i), expected(i), 1e-9 * std::abs(expected(i))) << "row " << i;
    EXPECT_LT(cart.stats().leaves, 16) << "this CART stops early somewhere, so chains are exercised";
}

// GET-Linear's export folds the unit scaling into its leaves: the TreeModel predicts on raw rows —
// the training rows and new rows far outside their range — exactly what the unit-scale hard tree
// predicts (h + k·x_unit) mapped back to the target's units, and the constant column gets no slope.
TEST(GetExport, LinearLeavesPredictOnRawRowsAsTheUnitScaleHardTree) {
    const Dataset data = raw_regression(200);
    const Spec spec = test::linear_spec(3, 3);
    const UnitScaling scaling = UnitScaling::fit(data);
    const Eigen::MatrixXd inputs = scaling.inputs(data.X), targets = scaling.target(data.y);
    const TrainingRows rows{spec, scaling, inputs, targets};
    const Eigen::VectorXd parameters = test::random_linear_tree(spec, 6);
    const TreeModel model = export_tree(rows, parameters, data);
    const LeafFit fit = hard_leaf_fit(rows, parameters);
    ASSERT_GT(fit.slopes.cwiseAbs().maxCoeff(), 0.0);

    Eigen::MatrixXd raw(data.X.rows() + 50, 3);
    raw.topRows(data.X.rows()) = data.X;
    raw.bottomRows(50) = (test::unit_rows(50, 3, 2).array() * 2000.0 - 1000.0).matrix();  // new rows, any values
    const Eigen::MatrixXd unit = scaling.inputs(raw);
    const Eigen::VectorXd expected =
        (hard_predictions(spec, hard_leaves(spec, parameters, unit), fit, unit).col(0).array() * scaling.y.range + scaling.y.low).matrix();
    const Eigen::VectorXd got = model.predict(raw);
    for (Eigen::Index i = 0; i < raw.rows(); ++i)
        EXPECT_NEAR(got(i), expected(i), 1e-9 * std::max(1.0, std::abs(expected(i)))) << "row " << i;
    for (Eigen::Index l = 0; l < spec.leaves(); ++l) {
        const TreeNode& leaf = model.nodes[static_cast<std::size_t>(spec.internal() + l)];
        ASSERT_TRUE(leaf.is_linear()) << "leaf " << l;
        EXPECT_EQ(leaf.leaf_weights(2), 0.0) << "the constant column, leaf " << l;
    }
}

}  // namespace
}  // namespace treelab::get
