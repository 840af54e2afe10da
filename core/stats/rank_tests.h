#pragma once
// Comparing several methods over several data sets by their ranks (Demšar 2006): mean ranks, the
// Friedman test and the Nemenyi critical difference drawn in the critical-difference diagram.
#include <Eigen/Core>

#include "core/stats/paired_tests.h"

namespace treelab {

// Mean rank of each method (column) over the data sets (rows) of `scores`: rank 1 is the best on a
// data set (the highest score when higher_is_better, else the lowest), ties get their average rank.
Eigen::VectorXd mean_ranks(const Eigen::MatrixXd& scores, bool higher_is_better);

// The Friedman test (Friedman 1937) on data sets × methods, equal to SciPy 1.10's
// scipy.stats.friedmanchisquare(*columns): chi-square statistic with the tie correction, df = k − 1,
// p from the chi-square distribution. Throws treelab::Error for fewer than three methods or two data sets.
TestResult friedman_test(const Eigen::MatrixXd& scores);

// The Nemenyi critical difference of mean ranks (Demšar 2006, §3.2.2): q_α · sqrt(k (k + 1) / (6 N)),
// q_α the upper α quantile of the studentized range of k means with infinite degrees of freedom,
// divided by √2. Throws treelab::Error for k < 2, N < 1 or α outside (0, 1).
double nemenyi_critical_difference(int methods, int data_sets, double alpha = 0.05);

// The upper α quantile of the studentized range of k independent standard normal values
// (infinite degrees of freedom): q with P(range > q) = α.
double studentized_range_quantile(int k, double alpha);

}  // namespace treelab
