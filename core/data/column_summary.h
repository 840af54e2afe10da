#pragma once
// What a data preview shows before any run: the column a user most likely wants as the target,
// and the target's distribution (rows per class, or a histogram for regression). Computed here so
// the GUI only displays it, and encoded exactly as a run encodes the target.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/data/table.h"

namespace treelab {

std::string to_string(ColumnKind kind);  // "numeric" | "categorical"

// The column a user most likely means as the target, and why, in words the data panel shows:
// the column named like a target ("class", "target", "type", "label" or "y", ignoring case; in
// that order of preference); else the only text column when it has few levels (at most
// kFewTargetLevels and fewer than half the rows: letter's "lettr" among 16 numeric features);
// else the last column. The table must have a column.
struct TargetChoice {
    std::size_t column = 0;
    std::string reason;  // "named like a target", "the only text column (26 levels)", "the last column"
};
inline constexpr std::size_t kFewTargetLevels = 100;
TargetChoice choose_target_column(const Table& table);

struct Histogram {
    double low = 0.0, high = 0.0;     // smallest and largest value; bins split [low, high] evenly
    std::vector<std::size_t> counts;  // rows per bin
};
// `bins` equal-width bins over the finite `values` (the largest value falls in the last bin).
Histogram histogram(const std::vector<double>& values, int bins);

struct TargetSummary {
    Task task = Task::Classification;
    std::vector<std::string> class_names;   // classification: in class-index order (fit_target's)
    std::vector<std::size_t> class_counts;  // classification: rows per class
    Histogram histogram;                    // regression
};
// The target's task (detected unless `forced`) and distribution. Throws DataError as fit_target
// does: missing target values, or a text column as a regression target.
TargetSummary summarize_target(const Table& table, std::size_t target_column, std::optional<Task> forced = {},
                               int bins = 20);

}  // namespace treelab
