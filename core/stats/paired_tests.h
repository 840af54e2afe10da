#pragma once
// Tests that compare two methods on the same folds (or data sets): paired score vectors a and b,
// element i of both measured on the same rows.
#include <span>

namespace treelab {

// A test's statistic, its two-sided p-value and its degrees of freedom (0 where there are none).
struct TestResult {
    double statistic = 0;
    double p_value = 1;
    int df = 0;
};

// The corrected resampled t-test (Nadeau & Bengio 2003), as Weka Experimenter's corrected tester
// computes it: d = a − b, t = mean(d) / sqrt((1/n + n_test/n_train) · var(d)) with the sample
// variance, df = n − 1, two-sided p from Student's t. `test_to_train_ratio` is n_test / n_train of
// one fold (1/(k−1) for k-fold cross-validation). With var(d) = 0 the statistic is 0 and p = 1 when
// mean(d) = 0, else ±infinity and p = 0. Throws treelab::Error for fewer than two pairs or different lengths.
TestResult corrected_resampled_t_test(std::span<const double> a, std::span<const double> b, double test_to_train_ratio);

// The Wilcoxon signed-rank test (Wilcoxon 1945) equal to SciPy 1.10's scipy.stats.wilcoxon(a, b)
// with its defaults: zero differences dropped (zero_method="wilcox"), the statistic is the smaller
// of the positive and negative rank sums, the p-value two-sided from the exact distribution for
// n ≤ 50 without ties or zeros, else from the normal approximation with SciPy's tie correction and
// no continuity correction. df = 0. Throws treelab::Error for different lengths; with every
// difference zero, statistic 0 and p = NaN as SciPy returns.
TestResult wilcoxon_signed_rank(std::span<const double> a, std::span<const double> b);

// How often a beats b, ties with it or loses to it, comparing the numbers exactly (a higher score wins).
struct WinTieLoss {
    int wins = 0, ties = 0, losses = 0;
};
WinTieLoss win_tie_loss(std::span<const double> a, std::span<const double> b);

}  // namespace treelab
