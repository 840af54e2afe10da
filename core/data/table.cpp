#include "core/data/table.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/data/column_typing.h"
#include "core/error.h"

namespace treelab {

bool Column::is_missing(std::size_t row) const {
    return kind == ColumnKind::Numeric ? std::isnan(numbers[row]) : codes[row] < 0;
}

std::string cell_text(const Column& column, std::size_t row) {
    if (column.is_missing(row)) return {};
    if (column.kind == ColumnKind::Categorical) return column.levels[static_cast<std::size_t>(column.codes[row])];
    return number_text(column.numbers[row]);
}

std::size_t Table::column_index(const std::string& name_or_index) const {
    const auto named = std::find_if(columns.begin(), columns.end(),
                                    [&](const Column& column) { return column.name == name_or_index; });
    if (named != columns.end()) return static_cast<std::size_t>(named - columns.begin());

    std::size_t number = 0;
    const char* end = name_or_index.data() + name_or_index.size();
    const auto [stop, error] = std::from_chars(name_or_index.data(), end, number);
    if (error == std::errc() && stop == end && number >= 1 && number <= columns.size()) return number - 1;

    throw DataError(source, 0, 0,
                    "there is no column '" + name_or_index + "'; give a name or a number from 1 to " +
                        std::to_string(columns.size()) + " (the columns are " + quoted_column_names(*this) + ")");
}

Table select_rows(const Table& table, const std::vector<std::ptrdiff_t>& rows) {
    Table out;
    out.source = table.source;
    out.format = table.format;
    out.rows = rows.size();
    for (const std::ptrdiff_t row : rows)
        if (row < 0 || static_cast<std::size_t>(row) >= table.rows)
            throw DataError(table.source, 0, 0, "there is no row " + std::to_string(row + 1) + " of " + std::to_string(table.rows));
    for (const Column& column : table.columns) {
        Column picked;
        picked.name = column.name;
        picked.kind = column.kind;
        picked.levels = column.levels;
        for (const std::ptrdiff_t row : rows) {
            const auto r = static_cast<std::size_t>(row);
            if (column.kind == ColumnKind::Numeric) picked.numbers.push_back(column.numbers[r]);
            else picked.codes.push_back(column.codes[r]);
            if (column.is_missing(r)) ++picked.missing_count;
        }
        out.columns.push_back(std::move(picked));
    }
    if (table.row_lines.size() == table.rows)
        for (const std::ptrdiff_t row : rows) out.row_lines.push_back(table.row_lines[static_cast<std::size_t>(row)]);
    return out;
}

}  // namespace treelab
