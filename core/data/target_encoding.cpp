#include "core/data/target_encoding.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "core/data/column_typing.h"
#include "core/error.h"

namespace treelab {
namespace {

const char* const numeric_target = "a regression target must be numeric";

const Column& target_column_of(const Table& table, std::size_t index) {
    if (index >= table.columns.size()) {
        throw DataError(table.source, 0, 0,
                        "the target is column " + std::to_string(index + 1) + " but the table has only " +
                            std::to_string(table.columns.size()) + " columns");
    }
    return table.columns[index];
}

std::size_t line_of(const Table& table, std::size_t row) {
    return row < table.row_lines.size() ? table.row_lines[row] : 0;
}

void require_complete(const Table& table, std::size_t index) {
    const Column& column = table.columns[index];
    if (column.missing_count == 0) return;
    for (std::size_t row = 0; row < table.rows; ++row) {
        if (!column.is_missing(row)) continue;
        throw DataError(table.source, line_of(table, row), index + 1,
                        "the target column '" + column.name +
                            "' has no value here; remove the rows without a "
                            "target or fill them in");
    }
}

// Integer-valued numeric targets with few distinct values are class labels (e.g. glass "Type").
Task automatic_task(const Column& column, int max_classes) {
    if (column.kind == ColumnKind::Categorical) return Task::Classification;
    std::set<double> distinct;
    for (const double value : column.numbers) {
        if (std::isnan(value)) continue;
        if (value != std::floor(value)) return Task::Regression;
        distinct.insert(value);
        if (distinct.size() > static_cast<std::size_t>(std::max(max_classes, 0))) return Task::Regression;
    }
    return Task::Classification;
}

// Sorted as sklearn's LabelEncoder sorts: numbers numerically, text bytewise.
std::vector<std::string> sorted_labels(const Column& column) {
    std::vector<std::string> labels;
    if (column.kind == ColumnKind::Categorical) {
        labels = column.levels;
        std::sort(labels.begin(), labels.end());
        return labels;
    }
    std::set<double> distinct;
    for (const double value : column.numbers) {
        if (!std::isnan(value)) distinct.insert(value);
    }
    for (const double value : distinct) labels.push_back(number_text(value));
    return labels;
}

}  // namespace

TargetEncoding fit_target(const Table& table, std::size_t target_column, std::optional<Task> forced, int max_classes) {
    const Column& column = target_column_of(table, target_column);
    require_complete(table, target_column);
    TargetEncoding encoding;
    encoding.column = column.name;
    encoding.task = forced ? *forced : automatic_task(column, max_classes);
    if (encoding.task == Task::Regression) {
        if (column.kind == ColumnKind::Categorical) {
            throw_not_a_number(column, {table.source, table.row_lines, target_column + 1}, numeric_target);
        }
        return encoding;
    }
    encoding.class_names = sorted_labels(column);
    return encoding;
}

Eigen::VectorXd encode_target(const Table& table, const TargetEncoding& encoding) {
    const std::size_t index = table.column_index(encoding.column);
    const Column& column = table.columns[index];
    require_complete(table, index);
    Eigen::VectorXd y(static_cast<Eigen::Index>(table.rows));
    if (encoding.task == Task::Regression) {
        if (column.kind == ColumnKind::Categorical) {
            throw_not_a_number(column, {table.source, table.row_lines, index + 1}, numeric_target);
        }
        for (std::size_t row = 0; row < table.rows; ++row) y(static_cast<Eigen::Index>(row)) = column.numbers[row];
        return y;
    }
    std::unordered_map<std::string, int> class_of;
    for (std::size_t k = 0; k < encoding.class_names.size(); ++k)
        class_of.emplace(encoding.class_names[k], static_cast<int>(k));
    const auto class_index = [&](const std::string& label, std::size_t row) {
        const auto found = class_of.find(label);
        if (found == class_of.end()) {
            throw DataError(table.source, line_of(table, row), index + 1,
                            "the label '" + label + "' in column '" + column.name +
                                "' is not one of the classes the model knows (" + quoted_list(encoding.class_names) +
                                ")");
        }
        return found->second;
    };
    if (column.kind == ColumnKind::Categorical) {
        // Each level looked up once (-1: not a class), not a label string per row.
        std::vector<int> class_of_level(column.levels.size(), -1);
        for (std::size_t level = 0; level < column.levels.size(); ++level)
            if (const auto found = class_of.find(column.levels[level]); found != class_of.end())
                class_of_level[level] = found->second;
        for (std::size_t row = 0; row < table.rows; ++row) {
            const auto level = static_cast<std::size_t>(column.codes[row]);
            const int label = class_of_level[level];
            y(static_cast<Eigen::Index>(row)) = label >= 0 ? label : class_index(column.levels[level], row);
        }
        return y;
    }
    // Each distinct value's text made once (a class target has few values).
    std::unordered_map<double, int> class_of_value;
    for (std::size_t row = 0; row < table.rows; ++row) {
        const double value = column.numbers[row];
        auto found = class_of_value.find(value);
        if (found == class_of_value.end()) found = class_of_value.emplace(value, class_index(number_text(value), row)).first;
        y(static_cast<Eigen::Index>(row)) = found->second;
    }
    return y;
}

}  // namespace treelab
