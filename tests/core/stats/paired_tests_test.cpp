#include "core/stats/paired_tests.h"

#include <cmath>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

nlohmann::json paired_cases() {
    std::ifstream in(test::fixture("stats/paired_tests.json"));
    return nlohmann::json::parse(in).at("cases");
}

// The corrected resampled t-test gives SciPy's statistic and Student-t p-value on every fixture case.
TEST(PairedTests, CorrectedTTestEqualsReference) {
    for (const nlohmann::json& c : paired_cases()) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const auto a = c.at("a").get<std::vector<double>>();
        const auto b = c.at("b").get<std::vector<double>>();
        const TestResult t = corrected_resampled_t_test(a, b, c.at("test_to_train_ratio").get<double>());
        test::expect_near_rel(t.statistic, c.at("t").at("statistic").get<double>(), 1e-10);
        test::expect_near_rel(t.p_value, c.at("t").at("p_value").get<double>(), 1e-9);
        EXPECT_EQ(t.df, c.at("t").at("df").get<int>());
    }
}

// The Wilcoxon signed-rank test equals scipy.stats.wilcoxon(a, b): exact and normal-approximation
// cases, tied magnitudes and zero differences.
TEST(PairedTests, WilcoxonEqualsScipy) {
    for (const nlohmann::json& c : paired_cases()) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const auto a = c.at("a").get<std::vector<double>>();
        const auto b = c.at("b").get<std::vector<double>>();
        const TestResult w = wilcoxon_signed_rank(a, b);
        EXPECT_EQ(w.statistic, c.at("wilcoxon").at("statistic").get<double>());
        test::expect_near_rel(w.p_value, c.at("wilcoxon").at("p_value").get<double>(), 1e-10);
    }
}

// Win/tie/loss counts follow the sign of a − b.
TEST(PairedTests, WinTieLossCountsSigns) {
    for (const nlohmann::json& c : paired_cases()) {
        SCOPED_TRACE(c.at("name").get<std::string>());
        const WinTieLoss counts = win_tie_loss(c.at("a").get<std::vector<double>>(), c.at("b").get<std::vector<double>>());
        EXPECT_EQ(counts.wins, c.at("wins").get<int>());
        EXPECT_EQ(counts.ties, c.at("ties").get<int>());
        EXPECT_EQ(counts.losses, c.at("losses").get<int>());
    }
}

// Equal scores: the t-test reports no difference (p = 1), Wilcoxon has nothing to rank (NaN, as
// SciPy refuses); a constant non-zero difference has no spread and is certain for the t-test.
TEST(PairedTests, DegenerateDifferences) {
    const std::vector<double> a{0.8, 0.9, 0.7};
    const TestResult same = corrected_resampled_t_test(a, a, 0.5);
    EXPECT_EQ(same.statistic, 0.0);
    EXPECT_EQ(same.p_value, 1.0);
    EXPECT_TRUE(std::isnan(wilcoxon_signed_rank(a, a).p_value));
    const std::vector<double> b{0.75, 0.5, 0.25}, c{0.5, 0.25, 0.0};  // differences exactly 0.25
    const TestResult constant = corrected_resampled_t_test(b, c, 0.5);
    EXPECT_TRUE(std::isinf(constant.statistic) && constant.statistic > 0);
    EXPECT_EQ(constant.p_value, 0.0);
    EXPECT_THROW(corrected_resampled_t_test(a, std::vector<double>{1.0}, 0.5), Error);
    EXPECT_THROW(corrected_resampled_t_test(std::vector<double>{1.0}, std::vector<double>{0.5}, 0.5), Error);
    EXPECT_THROW(wilcoxon_signed_rank(a, std::vector<double>{1.0}), Error);
}

}  // namespace
}  // namespace treelab
