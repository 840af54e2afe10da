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

}  // namespace treelab
