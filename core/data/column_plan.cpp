#include "core/data/column_plan.h"

#include <algorithm>
#include <cstdint>

#include "core/data/column_typing.h"
#include "core/error.h"

namespace treelab {
namespace {

constexpr std::size_t kIdentifierMinValues = 20;
constexpr double kIdentifierDistinctShare = 0.9;

// The levels of a text column that its cells use (a column of selected rows keeps every level).
std::vector<std::string> used_levels(const Column& column) {
    std::vector<char> used(column.levels.size(), 0);
    for (const int code : column.codes)
        if (code >= 0) used[static_cast<std::size_t>(code)] = 1;
    std::vector<std::string> levels;
    for (std::size_t k = 0; k < column.levels.size(); ++k)
        if (used[k]) levels.push_back(column.levels[k]);
    return levels;
}

std::string mib_text(std::uint64_t bytes) { return number_text(static_cast<double>(bytes >> 20)) + " MiB"; }

void check_one_hot_budget(const Table& table, const std::vector<ColumnPlan>& plans, const PipelineOptions& options) {
    std::uint64_t levels = 0;
    std::size_t largest = table.columns.size();
    for (std::size_t c = 0; c < plans.size(); ++c) {
        if (!plans[c].text_feature() || plans[c].encoding != CategoricalEncoding::OneHot) continue;
        levels += table.columns[c].levels.size();
        if (largest == table.columns.size() || table.columns[c].levels.size() > table.columns[largest].levels.size()) largest = c;
    }
    const std::uint64_t bytes = levels * table.rows * sizeof(double);
    if (bytes <= options.one_hot_budget_bytes) return;
    const Column& column = table.columns[largest];
    throw DataError(table.source, 0, 0,
                    "one-hot encoding would hold " + std::to_string(levels) + " features for " + std::to_string(table.rows) +
                        " rows (" + mib_text(bytes) + "), more than the one-hot budget of " +
                        mib_text(options.one_hot_budget_bytes) + "; the largest is column '" + column.name + "' with " +
                        std::to_string(column.levels.size()) + " levels: encode it with --encode '" + column.name +
                        "=ordinal' or '=loo', or leave it out with --drop");
}

}  // namespace

bool ColumnPlan::text_feature() const { return role == Role::Feature && reading.plain(); }

std::vector<ColumnPlan> plan_columns(const Table& table, std::size_t target_column, const std::vector<std::size_t>& dropped,
                                     const PipelineOptions& options) {
    std::vector<char> insisted(table.columns.size(), 0);
    std::vector<ColumnPlan> plans(table.columns.size());
    for (const auto& [name, encoding] : options.column_encodings) {
        const std::size_t c = table.column_index(name);
        insisted[c] = 1;
        plans[c].encoding = encoding;
    }
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        ColumnPlan& plan = plans[c];
        const Column& column = table.columns[c];
        if (c == target_column) plan.role = ColumnPlan::Role::Target;
        else if (std::find(dropped.begin(), dropped.end(), c) != dropped.end()) plan.role = ColumnPlan::Role::Dropped;
        if (plan.role != ColumnPlan::Role::Feature || column.kind != ColumnKind::Categorical) continue;
        if (insisted[c]) continue;  // the user's encoding, of the texts as they are
        plan.encoding = options.categorical;
        const std::vector<std::string> levels = used_levels(column);
        plan.reading = detect_reading(levels, table.format.decimal, options.reading);
        if (!plan.reading.plain()) continue;
        const std::size_t values = table.rows - column.missing_count;
        if (values >= kIdentifierMinValues && static_cast<double>(levels.size()) >= kIdentifierDistinctShare * static_cast<double>(values)) {
            plan.role = ColumnPlan::Role::LeftOut;
            plan.reason = "identifier-like: " + std::to_string(levels.size()) + " distinct values in " + std::to_string(values) +
                          " cells";
        } else if (levels.size() > options.max_levels) {
            plan.role = ColumnPlan::Role::LeftOut;
            plan.reason = std::to_string(levels.size()) + " levels, more than " + std::to_string(options.max_levels);
        }
    }
    check_one_hot_budget(table, plans, options);
    return plans;
}

std::string plan_text(const Column& column, const ColumnPlan& plan) {
    switch (plan.role) {
        case ColumnPlan::Role::Target: return "target";
        case ColumnPlan::Role::Dropped: return "dropped";
        case ColumnPlan::Role::LeftOut: return "left out: " + plan.reason;
        case ColumnPlan::Role::Feature: break;
    }
    if (!plan.reading.plain()) return reading_text(plan.reading);
    if (column.kind == ColumnKind::Numeric) return "number";
    const std::string encoding = plan.encoding == CategoricalEncoding::OneHot ? "one-hot"
                                 : plan.encoding == CategoricalEncoding::Ordinal ? "ordinal"
                                                                                  : "leave-one-out";
    return "text, " + std::to_string(column.levels.size()) + " levels (" + encoding + ")";
}

std::string plan_notes(const Table& table, const std::vector<ColumnPlan>& plans) {
    std::string notes;
    for (std::size_t c = 0; c < plans.size(); ++c) {
        const bool read = plans[c].role == ColumnPlan::Role::Feature && !plans[c].reading.plain();
        if (!read && plans[c].role != ColumnPlan::Role::LeftOut) continue;
        notes += "  " + table.columns[c].name + ": " + plan_text(table.columns[c], plans[c]) + "\n";
    }
    return notes;
}

}  // namespace treelab
