#pragma once
// What a comparison's table and tests show: per data set and contender the mean and sample
// standard deviation of every score over the folds and the scores of the pooled predictions; each
// contender against the reference (corrected resampled t-test, Wilcoxon signed-rank test,
// wins/ties/losses); over several data sets the mean ranks, the Friedman test and the Nemenyi
// critical difference (Demšar 2006).
#include <map>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/compare/comparison.h"
#include "core/stats/paired_tests.h"

namespace treelab {

struct FoldMeanStd {
    double mean = 0, std = 0;  // std: the sample standard deviation (n − 1); NaN for one value
    int n = 0;
};
FoldMeanStd fold_mean_std(const std::vector<double>& values);  // NaN mean for no value

// True for scores where more is better (accuracy, F1, R², AUC, κ), false for losses and errors
// (log_loss, mse, rmse, mae).
bool higher_is_better(const std::string& score);

struct ContenderSummary {
    std::size_t data_set = 0, contender = 0;
    std::map<std::string, FoldMeanStd> scores;  // test scores over the folds that ran
    Scores pooled;                          // from every fold's test predictions together (empty when read from CSV)
    FoldMeanStd fit_seconds, nodes, depth, leaves;
    int folds = 0, failed = 0;              // cells that ran, cells that failed
    std::string first_error;                // the first failed cell's message
};
// One per data set × contender, data set by data set.
std::vector<ContenderSummary> summarize_contenders(const ComparisonResult& result);

struct PairedComparison {  // a contender against the reference on one data set, one score
    std::size_t data_set = 0, contender = 0;
    std::string score;          // the score compared
    int pairs = 0;              // folds where both ran
    double mean_difference = 0; // contender − reference
    TestResult t_test;          // corrected resampled t-test (Nadeau & Bengio 2003)
    TestResult wilcoxon;        // Wilcoxon signed-rank test (Wilcoxon 1945)
    WinTieLoss record;          // the contender's wins/ties/losses against the reference (a lower loss wins)
};
// Every contender but the reference on every data set, for `score` ("" = each data set's own
// comparison_score); a pair with fewer than two folds has p = NaN.
std::vector<PairedComparison> paired_comparisons(const ComparisonResult& result, const std::string& score);

struct RankComparison {
    std::string score;                // the score shared by every data set; "" when they differ
    std::vector<std::string> scores;  // the score ranked on each data set
    Eigen::MatrixXd means;       // data sets × contenders, the mean score
    Eigen::VectorXd mean_ranks;  // rank 1 = best
    TestResult friedman;         // NaN p when fewer than 3 contenders or 2 data sets
    double critical_difference = 0;  // Nemenyi, α = 0.05
};
// Ranks on `score`, or with "" on each data set's own comparison_score (accuracy on a
// classification set, R² on a regression set, so one comparison can rank over both). Needs a
// mean score for every data set × contender; throws Error otherwise.
RankComparison rank_comparison(const ComparisonResult& result, const std::string& score);

// The score a data set's table leads with (headline_score of its first cell that ran): accuracy
// for classification, R² for regression.
std::string comparison_score(const ComparisonResult& result, std::size_t data_set);
// The score every data set leads with; "" when they differ (classification and regression sets).
std::string comparison_score(const ComparisonResult& result);

}  // namespace treelab
