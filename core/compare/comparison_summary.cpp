#include "core/compare/comparison_summary.h"

#include <cmath>
#include <limits>
#include <numeric>

#include "core/error.h"
#include "core/metrics/classification_metrics.h"
#include "core/stats/rank_tests.h"

namespace treelab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Pooled test predictions of one data set × contender: every fold's rows, repeats included.
Scores pooled_scores(const ComparedDataSet& data_set, const std::vector<const ComparisonCell*>& cells) {
    Eigen::Index rows = 0;
    for (const ComparisonCell* cell : cells) {
        if (cell->predictions.size() != static_cast<Eigen::Index>(cell->test_rows.size())) return {};  // read from CSV, or no predictions
        rows += cell->predictions.size();
    }
    if (rows == 0 || data_set.targets.size() == 0) return {};
    const bool classification = data_set.task == Task::Classification;
    const auto classes = static_cast<Eigen::Index>(data_set.class_names.size());
    Eigen::VectorXd y(rows), predicted(rows);
    Eigen::MatrixXd proba(classification ? rows : 0, classes);
    Eigen::Index at = 0;
    bool with_proba = classification;
    for (const ComparisonCell* cell : cells) {
        for (std::size_t i = 0; i < cell->test_rows.size(); ++i) y(at + static_cast<Eigen::Index>(i)) = data_set.targets(cell->test_rows[i]);
        predicted.segment(at, cell->predictions.size()) = cell->predictions;
        if (classification && cell->probabilities.rows() == cell->predictions.size() && cell->probabilities.cols() == classes)
            proba.middleRows(at, cell->predictions.size()) = cell->probabilities;
        else
            with_proba = false;
        at += cell->predictions.size();
    }
    if (!classification) return regression_scores(y, predicted);
    if (with_proba) return classification_scores(y, predicted, proba, log_loss(y, proba));
    // Without every fold's probabilities only the scores of the predicted classes are defined.
    proba.setZero(rows, classes);
    for (Eigen::Index i = 0; i < rows; ++i) proba(i, static_cast<Eigen::Index>(predicted(i))) = 1.0;
    Scores scores = classification_scores(y, predicted, proba, kNaN);
    scores.erase("log_loss");
    scores.erase("roc_auc");
    return scores;
}

std::vector<double> values_of(const std::vector<const ComparisonCell*>& cells, const std::string& score) {
    std::vector<double> values;
    for (const ComparisonCell* cell : cells)
        if (const auto found = cell->test.find(score); found != cell->test.end()) values.push_back(found->second);
    return values;
}

// The cells that ran of one data set × contender, in cell order.
std::vector<const ComparisonCell*> ran(const ComparisonResult& result, std::size_t data_set, std::size_t contender) {
    std::vector<const ComparisonCell*> cells;
    for (const ComparisonCell& cell : result.cells)
        if (cell.data_set == data_set && cell.contender == contender && cell.error.empty()) cells.push_back(&cell);
    return cells;
}

}  // namespace

FoldMeanStd fold_mean_std(const std::vector<double>& values) {
    FoldMeanStd result;
    result.n = static_cast<int>(values.size());
    if (values.empty()) return {kNaN, kNaN, 0};
    result.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    if (values.size() < 2) {
        result.std = kNaN;
        return result;
    }
    double squares = 0;
    for (const double value : values) squares += (value - result.mean) * (value - result.mean);
    result.std = std::sqrt(squares / static_cast<double>(values.size() - 1));
    return result;
}

bool higher_is_better(const std::string& score) {
    return score != "log_loss" && score != "mse" && score != "rmse" && score != "mae";
}

std::vector<ContenderSummary> summarize_contenders(const ComparisonResult& result) {
    std::vector<ContenderSummary> summaries;
    for (std::size_t d = 0; d < result.data_set_names.size(); ++d) {
        for (std::size_t c = 0; c < result.contender_labels.size(); ++c) {
            ContenderSummary summary;
            summary.data_set = d;
            summary.contender = c;
            const std::vector<const ComparisonCell*> cells = ran(result, d, c);
            for (const ComparisonCell& cell : result.cells)
                if (cell.data_set == d && cell.contender == c && !cell.error.empty() && summary.failed++ == 0) summary.first_error = cell.error;
            summary.folds = static_cast<int>(cells.size());
            std::vector<double> seconds, nodes, depth, leaves;
            for (const ComparisonCell* cell : cells) {
                for (const auto& [name, value] : cell->test) summary.scores[name];  // every name, filled below
                seconds.push_back(cell->fit_seconds);
                if (result.config.contenders.at(c).method == forest_method) continue;  // no one tree to measure
                nodes.push_back(cell->tree.nodes);
                depth.push_back(cell->tree.depth);
                leaves.push_back(cell->tree.leaves);
            }
            for (auto& [name, value] : summary.scores) value = fold_mean_std(values_of(cells, name));
            summary.fit_seconds = fold_mean_std(seconds);
            summary.nodes = fold_mean_std(nodes);
            summary.depth = fold_mean_std(depth);
            summary.leaves = fold_mean_std(leaves);
            if (d < result.data_sets.size()) summary.pooled = pooled_scores(result.data_sets[d], cells);
            summaries.push_back(std::move(summary));
        }
    }
    return summaries;
}

std::vector<PairedComparison> paired_comparisons(const ComparisonResult& result, const std::string& shared_score) {
    std::vector<PairedComparison> comparisons;
    const std::size_t reference = result.config.reference;
    for (std::size_t d = 0; d < result.data_set_names.size(); ++d) {
        const std::string score = shared_score.empty() ? comparison_score(result, d) : shared_score;
        const bool higher = higher_is_better(score);
        // The reference's score per (repeat, fold).
        std::map<std::pair<int, int>, const ComparisonCell*> reference_cells;
        for (const ComparisonCell* cell : ran(result, d, reference)) reference_cells[{cell->repeat, cell->fold}] = cell;
        for (std::size_t c = 0; c < result.contender_labels.size(); ++c) {
            if (c == reference) continue;
            PairedComparison pair;
            pair.data_set = d;
            pair.contender = c;
            pair.score = score;
            std::vector<double> a, b;
            double test_rows = 0, train_rows = 0;
            for (const ComparisonCell* cell : ran(result, d, c)) {
                const auto other = reference_cells.find({cell->repeat, cell->fold});
                if (other == reference_cells.end()) continue;
                const auto mine = cell->test.find(score), theirs = other->second->test.find(score);
                if (mine == cell->test.end() || theirs == other->second->test.end()) continue;
                // Oriented so that a positive difference is a better contender.
                a.push_back(higher ? mine->second : -mine->second);
                b.push_back(higher ? theirs->second : -theirs->second);
                test_rows += static_cast<double>(cell->test_rows.size());
                train_rows += static_cast<double>(cell->train_rows);
            }
            pair.pairs = static_cast<int>(a.size());
            pair.t_test = pair.wilcoxon = {kNaN, kNaN, 0};
            if (!a.empty()) {
                double sum = 0;
                for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] - b[i];
                pair.mean_difference = (higher ? 1.0 : -1.0) * sum / static_cast<double>(a.size());
                pair.record = win_tie_loss(a, b);
            }
            if (a.size() >= 2) {
                // n_test / n_train of one fold (Nadeau & Bengio 2003): 1/(k − 1) for k-fold.
                pair.t_test = corrected_resampled_t_test(a, b, train_rows > 0 ? test_rows / train_rows : 0.0);
                pair.wilcoxon = wilcoxon_signed_rank(a, b);
            }
            comparisons.push_back(pair);
        }
    }
    return comparisons;
}

RankComparison rank_comparison(const ComparisonResult& result, const std::string& shared_score) {
    const auto data_sets = static_cast<Eigen::Index>(result.data_set_names.size());
    const auto contenders = static_cast<Eigen::Index>(result.contender_labels.size());
    RankComparison ranks;
    ranks.score = shared_score.empty() ? comparison_score(result) : shared_score;
    ranks.means.resize(data_sets, contenders);
    for (Eigen::Index d = 0; d < data_sets; ++d) {
        const auto set = static_cast<std::size_t>(d);
        const std::string score = shared_score.empty() ? comparison_score(result, set) : shared_score;
        ranks.scores.push_back(score);
        for (Eigen::Index c = 0; c < contenders; ++c) {
            const std::vector<const ComparisonCell*> cells = ran(result, set, static_cast<std::size_t>(c));
            const FoldMeanStd value = fold_mean_std(values_of(cells, score));
            if (value.n == 0)
                throw Error("no " + score_label(score) + " of " + result.contender_labels[static_cast<std::size_t>(c)] + " on " +
                            result.data_set_names[set] +
                            (cells.empty() ? ": every fold failed" : ": its folds do not report that score") + ", so it cannot be ranked");
            ranks.means(d, c) = value.mean;
        }
    }
    // Ranks and the Friedman test need one direction on every row: a lower error is a higher value.
    Eigen::MatrixXd oriented = ranks.means;
    for (Eigen::Index d = 0; d < data_sets; ++d)
        if (!higher_is_better(ranks.scores[static_cast<std::size_t>(d)])) oriented.row(d) *= -1.0;
    ranks.mean_ranks = mean_ranks(oriented, true);
    ranks.friedman = {kNaN, kNaN, 0};
    if (contenders >= 3 && data_sets >= 2) ranks.friedman = friedman_test(oriented);
    ranks.critical_difference = contenders >= 2 ? nemenyi_critical_difference(static_cast<int>(contenders), static_cast<int>(data_sets)) : kNaN;
    return ranks;
}

std::string comparison_score(const ComparisonResult& result, std::size_t data_set) {
    for (const ComparisonCell& cell : result.cells)
        if (cell.data_set == data_set && cell.error.empty() && !cell.test.empty()) return headline_score(cell.test);
    return data_set < result.data_sets.size() && result.data_sets[data_set].task == Task::Regression ? "r2" : "accuracy";
}

std::string comparison_score(const ComparisonResult& result) {
    std::string shared;
    for (std::size_t d = 0; d < result.data_set_names.size(); ++d) {
        const std::string score = comparison_score(result, d);
        if (d > 0 && score != shared) return {};
        shared = score;
    }
    return shared.empty() ? "accuracy" : shared;
}

}  // namespace treelab
