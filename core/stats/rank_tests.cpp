#include "core/stats/rank_tests.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <boost/math/distributions/chi_squared.hpp>

#include "core/error.h"
#include "core/stats/average_ranks.h"

namespace treelab {
namespace {

// Ranks of one data set's methods, rank 1 for the smallest value.
AverageRanks row_ranks(const Eigen::MatrixXd& scores, Eigen::Index row, bool higher_is_better) {
    std::vector<double> values(static_cast<std::size_t>(scores.cols()));
    for (Eigen::Index j = 0; j < scores.cols(); ++j) values[static_cast<std::size_t>(j)] = higher_is_better ? -scores(row, j) : scores(row, j);
    return average_ranks(values);
}

}  // namespace

Eigen::VectorXd mean_ranks(const Eigen::MatrixXd& scores, bool higher_is_better) {
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const AverageRanks ranked = row_ranks(scores, i, higher_is_better);
        for (Eigen::Index j = 0; j < scores.cols(); ++j) sum(j) += ranked.ranks[static_cast<std::size_t>(j)];
    }
    if (scores.rows() > 0) sum /= static_cast<double>(scores.rows());
    return sum;
}

TestResult friedman_test(const Eigen::MatrixXd& scores) {
    const double k = static_cast<double>(scores.cols());
    const double n = static_cast<double>(scores.rows());
    if (scores.cols() < 3) throw Error("Friedman test: needs at least three methods, got " + std::to_string(scores.cols()) + ".");
    if (scores.rows() < 2) throw Error("Friedman test: needs at least two data sets, got " + std::to_string(scores.rows()) + ".");
    Eigen::VectorXd rank_sums = Eigen::VectorXd::Zero(scores.cols());
    double ties = 0;
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const AverageRanks ranked = row_ranks(scores, i, false);
        for (Eigen::Index j = 0; j < scores.cols(); ++j) rank_sums(j) += ranked.ranks[static_cast<std::size_t>(j)];
        for (int t : ranked.tie_sizes) ties += static_cast<double>(t) * (static_cast<double>(t) * t - 1);
    }
    // Friedman 1937 with the correction for ties SciPy applies: divide by 1 − Σ(t³ − t) / (k (k² − 1) N).
    const double correction = 1 - ties / (k * (k * k - 1) * n);
    TestResult result;
    result.df = static_cast<int>(scores.cols()) - 1;
    if (!(correction > 0)) {
        // Every data set tied every method: SciPy's 0/0.
        result.statistic = result.p_value = std::numeric_limits<double>::quiet_NaN();
        return result;
    }
    result.statistic = (12.0 / (k * n * (k + 1)) * rank_sums.squaredNorm() - 3 * n * (k + 1)) / correction;
    const boost::math::chi_squared chi2(static_cast<double>(result.df));
    result.p_value = result.statistic <= 0 ? 1.0 : boost::math::cdf(boost::math::complement(chi2, result.statistic));
    return result;
}

double nemenyi_critical_difference(int methods, int data_sets, double alpha) {
    if (methods < 2) throw Error("Nemenyi critical difference: needs at least two methods.");
    if (data_sets < 1) throw Error("Nemenyi critical difference: needs at least one data set.");
    const double k = methods;
    // Demšar 2006, §3.2.2: CD = q_α sqrt(k (k + 1) / (6 N)), q_α the studentized range quantile / √2.
    const double q = studentized_range_quantile(methods, alpha) / std::sqrt(2.0);
    return q * std::sqrt(k * (k + 1) / (6.0 * data_sets));
}

}  // namespace treelab
