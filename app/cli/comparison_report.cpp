#include "app/cli/comparison_report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "core/compare/comparison_summary.h"
#include "core/error.h"
#include "core/run/evaluation.h"

namespace treelab::cli {
namespace {

std::string fixed(double value, int digits = 4) {
    if (std::isnan(value)) return "–";
    std::ostringstream out;
    out << std::fixed << std::setprecision(digits) << value;
    return out.str();
}

std::string plus_minus(const FoldMeanStd& value) {
    if (value.n == 0) return "–";
    return fixed(value.mean) + " ± " + fixed(value.std);
}

std::string p_value(double p) {
    if (std::isnan(p)) return "–";
    std::ostringstream out;
    out << std::setprecision(3) << p;
    return out.str();
}

std::size_t label_width(const ComparisonResult& result) {
    std::size_t width = 6;
    for (const std::string& label : result.contender_labels) width = std::max(width, label.size() + 2);
    return width;
}

void print_data_set_table(std::ostream& out, const ComparisonResult& result, std::size_t data_set,
                          const std::vector<ContenderSummary>& summaries, const std::string& headline) {
    std::vector<std::string> names;
    for (const ContenderSummary& summary : summaries)
        if (summary.data_set == data_set)
            for (const auto& [name, value] : summary.scores)
                if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    const auto width = static_cast<int>(label_width(result));
    // Each score's column as wide as its widest cell (an MSE of thousands is wider than an accuracy).
    std::vector<std::size_t> widths;
    for (const std::string& name : names) {
        std::size_t widest = score_label(name).size();
        for (const ContenderSummary& summary : summaries)
            if (const auto found = summary.scores.find(name); summary.data_set == data_set && found != summary.scores.end())
                widest = std::max(widest, plus_minus(found->second).size());
        widths.push_back(widest + 3);
    }
    out << std::left << std::setw(width) << "method" << std::right;
    for (std::size_t n = 0; n < names.size(); ++n) out << std::setw(static_cast<int>(widths[n])) << score_label(names[n]);
    out << std::setw(12) << "pooled" << std::setw(10) << "fit s" << std::setw(9) << "nodes" << "  folds\n";
    for (const ContenderSummary& summary : summaries) {
        if (summary.data_set != data_set) continue;
        out << std::left << std::setw(width) << result.contender_labels[summary.contender] << std::right;
        for (std::size_t n = 0; n < names.size(); ++n) {
            const auto found = summary.scores.find(names[n]);
            out << std::setw(static_cast<int>(widths[n])) << (found == summary.scores.end() ? std::string("–") : plus_minus(found->second));
        }
        const auto pooled = summary.pooled.find(headline);
        out << std::setw(12) << (pooled == summary.pooled.end() ? std::string("–") : fixed(pooled->second)) << std::setw(10)
            << fixed(summary.fit_seconds.mean, 3) << std::setw(9) << fixed(summary.nodes.mean, 1) << "  " << summary.folds;
        if (summary.failed > 0) out << " (" << summary.failed << " failed: " << summary.first_error << ")";
        out << '\n';
    }
}

void print_paired_tests(std::ostream& out, const ComparisonResult& result, std::size_t data_set,
                        const std::vector<PairedComparison>& pairs, const std::string& headline) {
    bool any = false;
    for (const PairedComparison& pair : pairs) any |= pair.data_set == data_set;
    if (!any) return;
    const auto width = static_cast<int>(label_width(result));
    out << "(pooled: " << score_label(headline) << " of every fold's test predictions together)\n";
    out << "against " << result.contender_labels[result.config.reference] << " on " << score_label(headline)
        << " (corrected resampled t-test, Nadeau & Bengio 2003; Wilcoxon signed-rank test):\n";
    out << std::left << std::setw(width) << "method" << std::right << std::setw(12) << "difference" << std::setw(10) << "t"
        << std::setw(10) << "p (t)" << std::setw(10) << "W" << std::setw(10) << "p (W)" << "  wins/ties/losses\n";
    for (const PairedComparison& pair : pairs) {
        if (pair.data_set != data_set) continue;
        out << std::left << std::setw(width) << result.contender_labels[pair.contender] << std::right;
        if (pair.pairs == 0) {
            out << "  no fold where both ran\n";
            continue;
        }
        out << std::setw(12)
            << fixed(pair.mean_difference) << std::setw(10) << fixed(pair.t_test.statistic, 3) << std::setw(10)
            << p_value(pair.t_test.p_value) << std::setw(10) << fixed(pair.wilcoxon.statistic, 1) << std::setw(10)
            << p_value(pair.wilcoxon.p_value) << "  " << pair.record.wins << "/" << pair.record.ties << "/" << pair.record.losses << '\n';
    }
}

}  // namespace

void print_comparison(std::ostream& out, const ComparisonResult& result) {
    const std::vector<ContenderSummary> summaries = summarize_contenders(result);
    const std::vector<PairedComparison> pairs = paired_comparisons(result, "");
    out << resampling_text(result.config.resampling);
    if (!result.data_sets.empty()) out << ", seed " << result.config.seed;  // a CSV read back does not know it
    out << "; mean ± sample std over the folds\n";
    for (std::size_t d = 0; d < result.data_set_names.size(); ++d) {
        out << '\n' << result.data_set_names[d] << '\n';
        if (d < result.data_sets.size() && !result.data_sets[d].fold_warning.empty())
            out << "warning: " << result.data_sets[d].fold_warning << '\n';
        const std::string headline = comparison_score(result, d);
        print_data_set_table(out, result, d, summaries, headline);
        print_paired_tests(out, result, d, pairs, headline);
    }
    if (result.data_set_names.size() < 2 || result.contender_labels.size() < 2) return;
    try {
        const RankComparison ranks = rank_comparison(result, "");
        out << "\nmean ranks on " << (ranks.score.empty() ? "each data set's headline score (accuracy, R²)" : score_label(ranks.score))
            << " over " << result.data_set_names.size() << " data sets (1 = best; Demšar 2006):\n";
        for (std::size_t c = 0; c < result.contender_labels.size(); ++c)
            out << "  " << std::left << std::setw(static_cast<int>(label_width(result))) << result.contender_labels[c] << std::right
                << fixed(ranks.mean_ranks(static_cast<Eigen::Index>(c)), 2) << '\n';
        if (!std::isnan(ranks.friedman.p_value))
            out << "Friedman test (Friedman 1937): chi-square " << fixed(ranks.friedman.statistic, 3) << ", df " << ranks.friedman.df
                << ", p " << p_value(ranks.friedman.p_value) << '\n';
        out << "Nemenyi critical difference (α = 0.05): " << fixed(ranks.critical_difference, 3) << '\n';
    } catch (const Error& error) {
        out << "\nno ranks: " << error.what() << '\n';
    }
}

void print_folds(std::ostream& out, const ComparisonResult& result) {
    std::vector<std::string> names;
    for (const ComparisonCell& cell : result.cells)
        for (const auto& [name, value] : cell.test)
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    out << std::setw(8) << "repeat" << std::setw(6) << "fold" << std::setw(7) << "test";
    for (const std::string& name : names) out << std::setw(11) << name;
    out << std::setw(9) << "nodes" << std::setw(10) << "fit s" << '\n';
    for (const ComparisonCell& cell : result.cells) {
        out << std::setw(8) << cell.repeat + 1 << std::setw(6) << cell.fold + 1 << std::setw(7) << cell.test_rows.size();
        if (!cell.error.empty()) {
            out << "  failed: " << cell.error << '\n';
            continue;
        }
        for (const std::string& name : names) {
            const auto found = cell.test.find(name);
            out << std::setw(11) << (found == cell.test.end() ? std::string("–") : fixed(found->second));
        }
        out << std::setw(9) << cell.tree.nodes << std::setw(10) << fixed(cell.fit_seconds, 3) << '\n';
    }
    const std::vector<ContenderSummary> summaries = summarize_contenders(result);
    if (summaries.empty()) return;
    out << "mean ± std over " << summaries.front().folds << " folds:";
    for (const auto& [name, value] : summaries.front().scores) out << "  " << name << " " << plus_minus(value);
    out << '\n';
    if (!summaries.front().pooled.empty()) {
        out << "pooled over every fold's test predictions:";
        for (const auto& [name, value] : summaries.front().pooled) out << "  " << name << " " << fixed(value);
        out << '\n';
    }
}

}  // namespace treelab::cli
