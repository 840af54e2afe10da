#pragma once
// What becomes of each column of a table before any row is encoded: the target, a dropped column,
// a feature (read as numbers, dates or text with its encoding), or a text column left out of the
// features and why. The feature pipeline fits from it; the CLI's summary, the data panel's column
// table and the run card show it.
//   Left out by default: identifier-like text (at least 20 values and nearly one distinct value per
//   row: distinct values >= 90 % of the non-missing cells) and text with more than
//   PipelineOptions::max_levels levels. --encode COLUMN=onehot|ordinal|loo takes one in.
//   One-hot encoding refuses a table whose one-hot features would take more than
//   PipelineOptions::one_hot_budget_bytes (rows x levels x 8 bytes), naming the largest column.
#include <cstddef>
#include <string>
#include <vector>

#include "core/data/cell_reading.h"
#include "core/data/feature_pipeline.h"
#include "core/data/table.h"

namespace treelab {

struct ColumnPlan {
    enum class Role { Target, Dropped, Feature, LeftOut };
    Role role = Role::Feature;
    CellReading reading;  // a text column read as numbers or dates (not Plain)
    CategoricalEncoding encoding = CategoricalEncoding::OneHot;  // a text feature's
    std::string reason;  // LeftOut: why, in the user's words

    bool text_feature() const;  // a feature encoded from its texts (one-hot, ordinal, leave-one-out)
};

// Throws DataError for an --encode column the table lacks or for one-hot features over the budget.
std::vector<ColumnPlan> plan_columns(const Table& table, std::size_t target_column, const std::vector<std::size_t>& dropped,
                                     const PipelineOptions& options);

// What the column becomes, for tables and summaries: "number", "text, 3 levels (one-hot)",
// "date, as days since 1970-01-01 (+ year)", "left out: identifier-like (...)", "target", "dropped".
std::string plan_text(const Column& column, const ColumnPlan& plan);

// The columns read otherwise than plain, and those left out, one per line ("  name: what"), for
// the CLI's summary and the run card; empty when every column is plain.
std::string plan_notes(const Table& table, const std::vector<ColumnPlan>& plans);

}  // namespace treelab
