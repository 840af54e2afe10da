#pragma once
// Internal to core/data: turning the cell texts of one CSV column into a typed Column, the one
// number syntax every reader of cell text shares (CSV typing, target encoding, pipelines), and the
// column lists that messages show.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/data/table.h"

namespace treelab {

enum class NumberText { Finite, NonFinite, NotNumber };
// Classifies `text` (surrounding whitespace ignored): a finite double written completely, a
// non-finite one ("inf", "nan", "1e999"), or not a number at all. Stores a finite value in `value`.
// `decimal` is the decimal separator ('.' or ',').
NumberText parse_number(std::string_view text, double& value, char decimal = '.');

// The shortest text that reads back as `value` ("1", not "1.000000").
std::string number_text(double value);

// "'a', 'b', 'c'", for messages that list what the user can choose from.
std::string quoted_list(const std::vector<std::string>& items);
std::string quoted_column_names(const Table& table);

// Where a column came from, for messages.
struct ColumnOrigin {
    const std::string& source;
    const std::vector<std::size_t>& row_lines;
    std::size_t column_number;  // 1-based
};

// Types one CSV column while its cells stream in, holding numbers as doubles rather than texts:
// Numeric while every non-missing cell is a finite number; at the first other text it turns
// Categorical, and the numbers before it become levels written as number_text writes them ("1.50"
// becomes "1.5"), the price of not keeping every cell's text.
class ColumnBuilder {
public:
    // `require_numeric`: a non-number is an error rather than a reason to turn Categorical.
    // `decimal`: the decimal separator numbers are written with ('.' or ',').
    ColumnBuilder(std::string name, bool require_numeric, char decimal);
    void reserve(std::size_t rows);
    void add(std::string_view text, bool missing);
    // Throws DataError for non-finite numbers in an otherwise numeric column, and for the first
    // non-number of a required column.
    Column finish(const ColumnOrigin& origin);

private:
    void turn_categorical();
    void add_level(std::string_view text);

    Column column_;
    bool require_numeric_;
    char decimal_;
    std::size_t rows_ = 0;
    // The first non-finite cell, and a required column's first non-number: row + 1 (0 = none yet), text.
    std::size_t first_non_finite_ = 0, first_text_ = 0;
    std::string first_non_finite_text_, first_text_text_;
    std::vector<std::pair<std::size_t, std::string>> non_finite_;  // kept while Numeric, to become levels
    // Transparent, so that looking a cell up does not build a string.
    struct TextHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };
    std::unordered_map<std::string, int, TextHash, std::equal_to<>> code_of_;
};

// The DataError for the first cell of `column` that is not a finite number (the column must have one).
[[noreturn]] void throw_not_a_number(const Column& column, const ColumnOrigin& origin, const std::string& why);

}  // namespace treelab
