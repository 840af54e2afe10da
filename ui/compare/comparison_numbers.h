#pragma once
// The numbers the Compare tab's tables show, from a comparison's cells: per data set and method
// the mean and sample standard deviation of every score over the finished folds, the paired tests
// against a reference, and over data sets the mean ranks and the Friedman test (core/stats).
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/compare/comparison.h"
#include "core/stats/paired_tests.h"

namespace treelab {

struct ScoreSummary {
    double mean = 0, std = 0;  // over the finished folds; std the sample one (n − 1), NaN for one fold
};

struct ContenderSummary {
    std::map<std::string, ScoreSummary> scores;
    int expected = 0, finished = 0, failed = 0;  // folds
    std::string first_error;                     // of the first failed fold
    double fit_seconds = 0, tree_nodes = 0;      // means over the finished folds
};

// True for scores where higher is better (accuracy, F1, R², …); false for losses and errors.
bool higher_is_better(const std::string& metric);

std::vector<ContenderSummary> summarize_data_set(const ComparisonResult& result, std::size_t data_set);

struct PairedComparison {
    int pairs = 0;
    double mean_difference = 0;  // contender − reference
    TestResult t_test, wilcoxon;
    WinTieLoss record;           // the contender's, "better" by the metric's direction
    std::string error;           // why there is no test (fewer than two paired folds)
};
PairedComparison compare_to_reference(const ComparisonResult& result, std::size_t data_set, std::size_t contender, std::size_t reference,
                                      const std::string& metric);

struct RankSummary {
    Eigen::MatrixXd scores;     // data sets × contenders: the mean of the metric (NaN: none)
    Eigen::VectorXd mean_ranks;  // empty when some contender has no score on some data set
    bool higher_is_better = true;
    TestResult friedman;
    double critical_difference = 0;
    std::string sentence;  // the Friedman test in words, or why there is none
};
RankSummary rank_data_sets(const ComparisonResult& result, const std::string& metric);

}  // namespace treelab
