#include "core/data/column_summary.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string_view>

#include "core/data/target_encoding.h"

namespace treelab {
namespace {

bool same_word(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
               return std::tolower(x) == std::tolower(y);
           });
}

}  // namespace

std::string to_string(ColumnKind kind) { return kind == ColumnKind::Numeric ? "numeric" : "categorical"; }

TargetChoice choose_target_column(const Table& table) {
    static constexpr std::array<std::string_view, 5> target_names = {"class", "target", "type", "label", "y"};
    for (const std::string_view wanted : target_names) {
        for (std::size_t index = 0; index < table.columns.size(); ++index)
            if (same_word(table.columns[index].name, wanted)) return {index, "named like a target"};
    }
    std::vector<std::size_t> text_columns;
    for (std::size_t index = 0; index < table.columns.size(); ++index)
        if (table.columns[index].kind == ColumnKind::Categorical) text_columns.push_back(index);
    if (text_columns.size() == 1 && table.columns.size() > 1) {
        const std::size_t levels = table.columns[text_columns.front()].levels.size();
        if (levels >= 2 && levels <= kFewTargetLevels && 2 * levels < table.rows)
            return {text_columns.front(), "the only text column (" + std::to_string(levels) + " levels)"};
    }
    return {table.columns.empty() ? 0 : table.columns.size() - 1, "the last column"};
}

Histogram histogram(const std::vector<double>& values, int bins) {
    Histogram result;
    result.counts.assign(static_cast<std::size_t>(std::max(bins, 1)), 0);
    bool any = false;
    for (const double value : values) {
        if (!std::isfinite(value)) continue;
        result.low = any ? std::min(result.low, value) : value;
        result.high = any ? std::max(result.high, value) : value;
        any = true;
    }
    const double width = (result.high - result.low) / static_cast<double>(result.counts.size());
    for (const double value : values) {
        if (!std::isfinite(value)) continue;
        const double position = width > 0.0 ? (value - result.low) / width : 0.0;
        const auto bin = std::min(static_cast<std::size_t>(position), result.counts.size() - 1);
        ++result.counts[bin];
    }
    return result;
}

TargetSummary summarize_target(const Table& table, std::size_t target_column, std::optional<Task> forced, int bins) {
    const TargetEncoding encoding = fit_target(table, target_column, forced);
    TargetSummary summary;
    summary.task = encoding.task;
    if (encoding.task == Task::Regression) {
        summary.histogram = histogram(table.columns[target_column].numbers, bins);
        return summary;
    }
    summary.class_names = encoding.class_names;
    summary.class_counts.assign(encoding.class_names.size(), 0);
    const Eigen::VectorXd y = encode_target(table, encoding);
    for (const double label : y) ++summary.class_counts[static_cast<std::size_t>(label)];
    return summary;
}

}  // namespace treelab
