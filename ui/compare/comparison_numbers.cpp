#include "ui/compare/comparison_numbers.h"

#include <cmath>
#include <set>
#include <sstream>
#include <utility>

#include "core/error.h"
#include "core/stats/rank_tests.h"

namespace treelab {
namespace {

std::map<std::pair<int, int>, const ComparisonCell*> cells_of(const ComparisonResult& result, std::size_t data_set, std::size_t contender) {
    std::map<std::pair<int, int>, const ComparisonCell*> cells;
    for (const ComparisonCell& cell : result.cells)
        if (cell.data_set == data_set && cell.contender == contender) cells[{cell.repeat, cell.fold}] = &cell;
    return cells;
}

double score_of(const ComparisonCell& cell, const std::string& metric) {
    if (!cell.error.empty()) return NAN;
    const auto found = cell.test.find(metric);
    return found == cell.test.end() ? NAN : found->second;
}

}  // namespace

bool higher_is_better(const std::string& metric) {
    static const std::set<std::string> lower{"log_loss", "mse", "rmse", "mae"};
    return !lower.count(metric);
}

std::vector<ContenderSummary> summarize_data_set(const ComparisonResult& result, std::size_t data_set) {
    const int folds_per_repeat = result.config.resampling.kind == Resampling::Kind::KFold ? result.config.resampling.folds : 0;
    std::vector<ContenderSummary> summaries(result.config.contenders.size());
    for (std::size_t c = 0; c < summaries.size(); ++c) {
        ContenderSummary& summary = summaries[c];
        summary.expected = folds_per_repeat * result.config.resampling.repeats;
        std::map<std::string, std::vector<double>> values;
        for (const auto& [key, cell] : cells_of(result, data_set, c)) {
            if (!cell->error.empty()) {
                ++summary.failed;
                if (summary.first_error.empty()) summary.first_error = cell->error;
                continue;
            }
            ++summary.finished;
            summary.fit_seconds += cell->fit_seconds;
            summary.tree_nodes += cell->tree.nodes;
            for (const auto& [name, value] : cell->test) values[name].push_back(value);
        }
        if (summary.expected == 0) summary.expected = summary.finished + summary.failed;
        if (summary.finished > 0) {
            summary.fit_seconds /= summary.finished;
            summary.tree_nodes /= summary.finished;
        }
        for (const auto& [name, list] : values) {
            const Eigen::Map<const Eigen::VectorXd> v(list.data(), static_cast<Eigen::Index>(list.size()));
            ScoreSummary score;
            score.mean = v.mean();
            score.std = v.size() > 1 ? std::sqrt((v.array() - score.mean).square().sum() / static_cast<double>(v.size() - 1)) : NAN;
            summary.scores[name] = score;
        }
    }
    return summaries;
}

PairedComparison compare_to_reference(const ComparisonResult& result, std::size_t data_set, std::size_t contender, std::size_t reference,
                                      const std::string& metric) {
    PairedComparison paired;
    const auto mine = cells_of(result, data_set, contender);
    const auto theirs = cells_of(result, data_set, reference);
    std::vector<double> a, b;
    double ratio = 0;
    for (const auto& [key, cell] : mine) {
        const auto other = theirs.find(key);
        if (other == theirs.end()) continue;
        const double x = score_of(*cell, metric), y = score_of(*other->second, metric);
        if (!std::isfinite(x) || !std::isfinite(y)) continue;
        a.push_back(x);
        b.push_back(y);
        if (ratio == 0 && other->second->train_rows > 0)
            ratio = static_cast<double>(other->second->test_rows.size()) / static_cast<double>(other->second->train_rows);
    }
    paired.pairs = static_cast<int>(a.size());
    if (a.size() < 2) {
        paired.error = "fewer than two folds scored by both";
        return paired;
    }
    double sum = 0;
    for (std::size_t k = 0; k < a.size(); ++k) sum += a[k] - b[k];
    paired.mean_difference = sum / static_cast<double>(a.size());
    if (ratio == 0) ratio = 1.0 / std::max(1, result.config.resampling.folds - 1);
    paired.t_test = corrected_resampled_t_test(a, b, ratio);
    paired.wilcoxon = wilcoxon_signed_rank(a, b);
    paired.record = higher_is_better(metric) ? win_tie_loss(a, b) : win_tie_loss(b, a);
    return paired;
}

RankSummary rank_data_sets(const ComparisonResult& result, const std::string& metric) {
    RankSummary ranks;
    const auto sets = static_cast<Eigen::Index>(result.config.data_sets.size());
    const auto methods = static_cast<Eigen::Index>(result.config.contenders.size());
    ranks.higher_is_better = higher_is_better(metric);
    ranks.scores = Eigen::MatrixXd::Constant(sets, methods, NAN);
    for (Eigen::Index s = 0; s < sets; ++s) {
        const std::vector<ContenderSummary> summaries = summarize_data_set(result, static_cast<std::size_t>(s));
        for (Eigen::Index c = 0; c < methods; ++c)
            if (const auto found = summaries[static_cast<std::size_t>(c)].scores.find(metric); found != summaries[static_cast<std::size_t>(c)].scores.end())
                ranks.scores(s, c) = found->second.mean;
    }
    if (!ranks.scores.allFinite()) {
        ranks.sentence = "No ranks: some method has no " + score_label(metric) + " on some data set.";
        return ranks;
    }
    ranks.mean_ranks = mean_ranks(ranks.scores, ranks.higher_is_better);
    ranks.critical_difference = nemenyi_critical_difference(static_cast<int>(methods), static_cast<int>(sets));
    std::ostringstream text;
    text.precision(3);
    if (methods < 3) {
        text << "The Friedman test needs three or more methods.";
    } else {
        ranks.friedman = friedman_test(ranks.scores);
        text << "Friedman test (Friedman 1937) over " << sets << " data sets: χ² = " << ranks.friedman.statistic << ", df = " << ranks.friedman.df
             << ", p = " << ranks.friedman.p_value << (ranks.friedman.p_value < 0.05 ? " — the methods' ranks differ." : " — no difference shown.");
    }
    text << " Nemenyi critical difference (Demšar 2006, α = 0.05): " << ranks.critical_difference << ".";
    ranks.sentence = text.str();
    return ranks;
}

}  // namespace treelab
