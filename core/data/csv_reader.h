#pragma once
// CSV reading (libcsv tokenises; this file adds delimiter detection, typing and messages).
// Accepted: delimiters , ; and tab (detected from the header line unless given), quoted fields
// with "" escapes and embedded newlines, CRLF or LF line ends, a UTF-8 byte-order mark, a header
// row. Missing: an empty field or one of CsvOptions::missing_markers ("NA", "?"), quoted or not.
// A column is Numeric when every non-missing cell parses completely as a finite number, else
// Categorical. An unquoted empty field is missing; a quoted one ("") is the empty text.
// Ragged rows, unterminated quotes, empty or header-only files throw DataError with
// file, line and column.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include "core/data/table.h"

namespace treelab {

struct CsvOptions {
    char delimiter = 0;  // 0 = detect from the header line
    bool header = true;  // false: columns are named V1, V2, ...
    std::vector<std::string> missing_markers = {"NA", "?"};
    // Columns that must be numeric: the first cell that is not a number throws DataError.
    std::vector<std::string> numeric_columns;
    // Called every so often while reading, with the bytes read so far and the input's size (0 when
    // unknown); returning false stops the read with Cancelled (core/error.h). For a GUI's progress
    // bar and Cancel button on a large file.
    std::function<bool(std::uint64_t bytes_read, std::uint64_t bytes_total)> progress;
};

Table read_csv(const std::filesystem::path& file, const CsvOptions& options = {});
// `source_name` names the input in messages.
Table parse_csv(std::istream& input, const std::string& source_name, const CsvOptions& options = {});

}  // namespace treelab
