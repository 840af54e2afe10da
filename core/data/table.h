#pragma once
// A table as read from a file: typed columns, missing values kept as missing.
#include <cstddef>
#include <string>
#include <vector>

namespace treelab {

enum class ColumnKind { Numeric, Categorical };

struct Column {
    std::string name;
    ColumnKind kind = ColumnKind::Numeric;
    std::vector<double> numbers;      // Numeric: one value per row, NaN = missing
    std::vector<int> codes;           // Categorical: index into levels per row, -1 = missing
    std::vector<std::string> levels;  // Categorical: distinct values in order of first appearance
    std::size_t missing_count = 0;

    bool is_missing(std::size_t row) const;  // NaN (numeric) or code -1 (categorical)
};

// The cell's text: its level, or its number as number_text writes it (the shortest text that reads
// back as the value; the file's own spelling is not kept, which would cost a string per cell);
// "" when missing.
std::string cell_text(const Column& column, std::size_t row);

// How the file was written, as the reader took it (given or detected): for the run card.
struct TextFormat {
    char delimiter = ',';
    char decimal = '.';
    std::string encoding = "utf-8";  // of the file; the table's texts are UTF-8
};

struct Table {
    std::string source;  // file name the table came from (for messages and the run card)
    TextFormat format;
    std::vector<Column> columns;
    std::size_t rows = 0;
    std::vector<std::size_t> row_lines;  // 1-based file line of each data row (quoted fields may span lines)

    // Index of the column with this name, or of the 1-based index written as a number ("3");
    // throws DataError naming the file and listing the columns when there is none.
    std::size_t column_index(const std::string& name_or_index) const;
};

// The rows `rows` (0-based, in that order) of `table`, every column with its levels; row_lines
// follow. Throws DataError for a row outside the table.
Table select_rows(const Table& table, const std::vector<std::ptrdiff_t>& rows);

}  // namespace treelab
