#include "core/stats/paired_tests.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "core/error.h"
#include "core/stats/average_ranks.h"

namespace treelab {
namespace {

std::vector<double> differences(std::span<const double> a, std::span<const double> b, const char* test) {
    if (a.size() != b.size())
        throw Error(std::string(test) + ": the two score lists have different lengths (" + std::to_string(a.size()) +
                    " and " + std::to_string(b.size()) + ").");
    std::vector<double> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) d[i] = a[i] - b[i];
    return d;
}

// P(W+ = w) for w = 0..n(n+1)/2 under the null hypothesis, built one rank at a time as SciPy's
// _get_wilcoxon_distr does: rank k is in W+ with probability 1/2.
std::vector<double> signed_rank_distribution(int n) {
    std::vector<double> pmf{1.0};
    for (int k = 1; k <= n; ++k) {
        std::vector<double> next(static_cast<std::size_t>(k * (k + 1) / 2 + 1), 0.0);
        const std::size_t m = pmf.size();
        for (std::size_t i = 0; i < m; ++i) next[i] = pmf[i] * 0.5;
        for (std::size_t i = 0; i < m; ++i) next[next.size() - m + i] += pmf[i] * 0.5;
        pmf = std::move(next);
    }
    return pmf;
}

}  // namespace

TestResult corrected_resampled_t_test(std::span<const double> a, std::span<const double> b, double test_to_train_ratio) {
    const std::vector<double> d = differences(a, b, "corrected resampled t-test");
    const std::size_t n = d.size();
    if (n < 2) throw Error("corrected resampled t-test: needs at least two paired scores.");
    double mean = 0;
    for (double v : d) mean += v;
    mean /= static_cast<double>(n);
    double sum_squares = 0;
    for (double v : d) sum_squares += (v - mean) * (v - mean);
    const double variance = sum_squares / static_cast<double>(n - 1);
    TestResult result;
    result.df = static_cast<int>(n) - 1;
    if (!(variance > 0)) {
        // Every fold gave the same difference: no spread to test against.
        result.statistic = mean == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), mean);
        result.p_value = mean == 0 ? 1.0 : 0.0;
        return result;
    }
    // Nadeau & Bengio 2003, §5: the variance of the mean difference corrected for the overlap of
    // the training sets, (1/n + n_test/n_train) σ².
    result.statistic = mean / std::sqrt((1.0 / static_cast<double>(n) + test_to_train_ratio) * variance);
    const boost::math::students_t t(static_cast<double>(result.df));
    result.p_value = std::min(1.0, 2.0 * boost::math::cdf(boost::math::complement(t, std::abs(result.statistic))));
    return result;
}

TestResult wilcoxon_signed_rank(std::span<const double> a, std::span<const double> b) {
    std::vector<double> d = differences(a, b, "Wilcoxon signed-rank test");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (d.empty()) return {nan, nan, 0};
    const auto zeros = std::count(d.begin(), d.end(), 0.0);
    // SciPy's method="auto": the exact distribution up to 50 pairs, unless a difference is zero.
    const bool exact = d.size() <= 50 && zeros == 0;
    if (zeros == static_cast<long>(d.size())) return {0.0, nan, 0};  // SciPy refuses: nothing to rank
    std::erase(d, 0.0);  // zero_method="wilcox"
    std::vector<double> magnitudes(d.size());
    std::transform(d.begin(), d.end(), magnitudes.begin(), [](double v) { return std::abs(v); });
    const AverageRanks ranked = average_ranks(magnitudes);
    double r_plus = 0, r_minus = 0;
    for (std::size_t i = 0; i < d.size(); ++i) (d[i] > 0 ? r_plus : r_minus) += ranked.ranks[i];
    const double count = static_cast<double>(d.size());
    TestResult result;
    result.statistic = std::min(r_plus, r_minus);
    if (exact) {
        const std::vector<double> pmf = signed_rank_distribution(static_cast<int>(d.size()));
        // As SciPy: W+ truncated to an integer (tied ranks can make it a half) indexes the distribution.
        const auto w = static_cast<std::size_t>(r_plus);
        if (w == (pmf.size() - 1) / 2) {
            result.p_value = 1.0;
        } else {
            double p_less = 0, p_greater = 0;
            for (std::size_t i = 0; i <= w; ++i) p_less += pmf[i];
            for (std::size_t i = w; i < pmf.size(); ++i) p_greater += pmf[i];
            result.p_value = std::clamp(2.0 * std::min(p_less, p_greater), 0.0, 1.0);
        }
        return result;
    }
    const double mean = count * (count + 1) * 0.25;
    double variance = count * (count + 1) * (2 * count + 1);
    for (int t : ranked.tie_sizes) variance -= 0.5 * t * (static_cast<double>(t) * t - 1);
    const double z = (result.statistic - mean) / std::sqrt(variance / 24);
    result.p_value = 2.0 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::abs(z)));
    return result;
}

WinTieLoss win_tie_loss(std::span<const double> a, std::span<const double> b) {
    if (a.size() != b.size())
        throw Error("win/tie/loss: the two score lists have different lengths (" + std::to_string(a.size()) + " and " +
                    std::to_string(b.size()) + ").");
    WinTieLoss counts;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] > b[i]) ++counts.wins;
        else if (a[i] < b[i]) ++counts.losses;
        else ++counts.ties;
    }
    return counts;
}

}  // namespace treelab
