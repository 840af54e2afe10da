#include <vector>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/metrics/regression_metrics.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Eigen::VectorXd values(const std::vector<double>& v) {
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

// MSE, RMSE, MAE and R² match values worked out by hand.
TEST(RegressionMetrics, ByHand) {
    const RegressionReport r = regression_report(values({1, 2, 3, 4}), values({1, 2, 3, 5}));
    EXPECT_DOUBLE_EQ(r.mse, 0.25);
    EXPECT_DOUBLE_EQ(r.rmse, 0.5);
    EXPECT_DOUBLE_EQ(r.mae, 0.25);
    EXPECT_DOUBLE_EQ(r.r2, 0.8);  // 1 - 1 / 5
}

// A constant target scores R² = 1 when predicted exactly and 0 otherwise, as sklearn's r2_score.
TEST(RegressionMetrics, ConstantTarget) {
    EXPECT_EQ(regression_report(values({2, 2, 2}), values({2, 2, 2})).r2, 1.0);
    EXPECT_EQ(regression_report(values({2, 2, 2}), values({2, 2, 3})).r2, 0.0);
}

// Against sklearn 1.2.1: mean_squared_error (squared=True/False), mean_absolute_error, r2_score.
TEST(RegressionMetrics, MatchesSklearn) {
    const RegressionReport r =
        regression_report(values({3.1, -0.5, 2.0, 7.25, 4.0, 0.0, 1.5}), values({2.9, 0.25, 2.0, 6.0, 4.5, -1.0, 1.0}));
    test::expect_near_rel(r.mse, 0.5235714285714286, 1e-14);
    test::expect_near_rel(r.rmse, 0.723582357835947, 1e-14);
    test::expect_near_rel(r.mae, 0.6, 1e-14);
    test::expect_near_rel(r.r2, 0.9120455285667758, 1e-14);
}

// Mismatched lengths and empty input are refused.
TEST(RegressionMetrics, BadInputThrows) {
    EXPECT_THROW(regression_report(values({1, 2}), values({1})), Error);
    EXPECT_THROW(regression_report(values({}), values({})), Error);
}

}  // namespace
}  // namespace treelab
