#include "core/stats/rank_tests.h"

#include <array>
#include <cmath>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

nlohmann::json fixture_json(const std::string& name) {
    std::ifstream in(test::fixture("stats/" + name));
    return nlohmann::json::parse(in);
}

Eigen::MatrixXd matrix(const nlohmann::json& rows) {
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.at(0).size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) m(i, j) = rows.at(static_cast<std::size_t>(i)).at(static_cast<std::size_t>(j)).get<double>();
    return m;
}

// Mean ranks (ties averaged, both directions) and the Friedman test equal SciPy's rankdata and
// friedmanchisquare, with and without ties inside data sets.
TEST(RankTests, MeanRanksAndFriedmanEqualScipy) {
    const nlohmann::json cases = fixture_json("rank_tests.json").at("cases");
    for (const nlohmann::json& c : cases) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const Eigen::MatrixXd scores = matrix(c.at("scores"));
        const Eigen::VectorXd best_high = mean_ranks(scores, true), best_low = mean_ranks(scores, false);
        const auto expected_high = c.at("mean_ranks").get<std::vector<double>>();
        const auto expected_low = c.at("mean_ranks_lower_is_better").get<std::vector<double>>();
        for (Eigen::Index j = 0; j < scores.cols(); ++j) {
            EXPECT_NEAR(best_high(j), expected_high[static_cast<std::size_t>(j)], 1e-12);
            EXPECT_NEAR(best_low(j), expected_low[static_cast<std::size_t>(j)], 1e-12);
        }
        const TestResult friedman = friedman_test(scores);
        test::expect_near_rel(friedman.statistic, c.at("friedman").at("statistic").get<double>(), 1e-11);
        test::expect_near_rel(friedman.p_value, c.at("friedman").at("p_value").get<double>(), 1e-10);
        EXPECT_EQ(friedman.df, c.at("friedman").at("df").get<int>());
    }
}

// The Friedman test needs three methods and two data sets, as SciPy does.
TEST(RankTests, FriedmanRejectsTooFewMethods) {
    EXPECT_THROW(friedman_test(Eigen::MatrixXd::Ones(5, 2)), Error);
    EXPECT_THROW(friedman_test(Eigen::MatrixXd::Ones(1, 4)), Error);
    EXPECT_TRUE(std::isnan(friedman_test(Eigen::MatrixXd::Ones(3, 3)).statistic));  // all tied: SciPy's 0/0
}

// The studentized range quantile with infinite degrees of freedom equals
// scipy.stats.studentized_range.ppf(1 − α, k, inf) for k = 2..20 and α = 0.01, 0.05, 0.10, and the
// critical difference for 14 data sets follows from it.
TEST(RankTests, StudentizedRangeEqualsScipy) {
    const nlohmann::json quantiles = fixture_json("studentized_range.json").at("quantiles");
    ASSERT_EQ(quantiles.size(), 57u);
    for (const nlohmann::json& row : quantiles) {
        const int k = row.at("k").get<int>();
        const double alpha = row.at("alpha").get<double>();
        SCOPED_TRACE("k=" + std::to_string(k) + " alpha=" + std::to_string(alpha));
        test::expect_near_rel(studentized_range_quantile(k, alpha), row.at("q").get<double>(), 1e-8);
        if (alpha == 0.05) test::expect_near_rel(nemenyi_critical_difference(k, 14, alpha), row.at("cd_n14").get<double>(), 1e-8);
    }
}

// Demšar 2006, Table 5(a): the Nemenyi q_α (studentized range / √2) for k = 2..10 at α = 0.05 and 0.10.
// The table's three digits come from older tables and differ from SciPy's in the last digit (k = 3:
// 2.343 against 2.3437), hence the tolerance of 1.5e-3; the SciPy test above is the tight one.
TEST(RankTests, NemenyiQMatchesDemsarTable) {
    const std::array<double, 9> q05{1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
    const std::array<double, 9> q10{1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920};
    for (int k = 2; k <= 10; ++k) {
        // CD with N chosen so that sqrt(k (k + 1) / (6 N)) = 1 isolates q_α.
        const double scale = std::sqrt(k * (k + 1) / 6.0);
        EXPECT_NEAR(studentized_range_quantile(k, 0.05) / std::sqrt(2.0), q05[static_cast<std::size_t>(k - 2)], 1.5e-3) << k;
        EXPECT_NEAR(studentized_range_quantile(k, 0.10) / std::sqrt(2.0), q10[static_cast<std::size_t>(k - 2)], 1.5e-3) << k;
        EXPECT_NEAR(nemenyi_critical_difference(k, 1, 0.05), q05[static_cast<std::size_t>(k - 2)] * scale, 1.5e-3 * scale) << k;
    }
    EXPECT_THROW(nemenyi_critical_difference(1, 10), Error);
    EXPECT_THROW(nemenyi_critical_difference(4, 10, 1.5), Error);
}

}  // namespace
}  // namespace treelab
