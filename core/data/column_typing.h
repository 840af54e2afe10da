#pragma once
// Internal to core/data: turning the cell texts of one CSV column into a typed Column, the one
// number syntax every reader of cell text shares (CSV typing, target encoding, pipelines), and the
// column lists that messages show.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/table.h"

namespace treelab {

enum class NumberText { Finite, NonFinite, NotNumber };
// Classifies `text` (surrounding whitespace ignored): a finite double written completely, a
// non-finite one ("inf", "nan", "1e999"), or not a number at all. Stores a finite value in `value`.
NumberText parse_number(std::string_view text, double& value);

// The shortest text that reads back as `value` ("1", not "1.000000").
std::string number_text(double value);

// "'a', 'b', 'c'", for messages that list what the user can choose from.
std::string quoted_list(const std::vector<std::string>& items);
std::string quoted_column_names(const Table& table);

struct RawColumn {
    std::string name;
    std::vector<std::string> texts;  // one per data row
    std::vector<bool> missing;       // one per data row
};

// Where a column came from, for messages.
struct ColumnOrigin {
    const std::string& source;
    const std::vector<std::size_t>& row_lines;
    std::size_t column_number;  // 1-based
};

// Numeric when every non-missing cell is a finite number, else Categorical. Throws DataError for
// non-finite numbers in an otherwise numeric column, and at the first non-number when
// `require_numeric`.
Column type_column(RawColumn&& raw, const ColumnOrigin& origin, bool require_numeric);

// The DataError for the first cell of `column` that is not a finite number (the column must have one).
[[noreturn]] void throw_not_a_number(const Column& column, const ColumnOrigin& origin, const std::string& why);

}  // namespace treelab
