#pragma once
// CSV reading, streamed in blocks: encoding (text_source.h), tokenizing (csv_tokenizer.h), typing
// as cells arrive (column_typing.h). Accepted: delimiters , ; and tab (detected from the header
// line unless given), a decimal comma (detected from the first lines when the delimiter is not a
// comma, unless given), quoted fields with "" escapes and embedded newlines, CRLF or LF line ends,
// UTF-8 (with or without byte-order mark), UTF-16 with byte-order mark and Latin-1, a header row. Missing: an empty field or one of CsvOptions::missing_markers ("NA", "?"), quoted or not.
// A column is Numeric when every non-missing cell parses completely as a finite number, else
// Categorical. An unquoted empty field is missing; a quoted one ("") is the empty text.
// Ragged rows, unterminated quotes, NUL bytes, empty or header-only files throw DataError with
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
    char decimal = 0;    // '.' or ','; 0 = detect (csv_dialect.h)
    // "utf-8", "windows-1252", "latin-1", "utf-16le" or "utf-16be"; empty = detect (text_source.h).
    std::string encoding;
    bool header = true;  // false: columns are named V1, V2, ...
    std::vector<std::string> missing_markers = {"NA", "?"};
    // Columns that must be numeric: the first cell that is not a number throws DataError.
    std::vector<std::string> numeric_columns;
    // Called every so often while reading, with the bytes read so far and the input's size (0 when
    // unknown); returning false stops the read with Cancelled (core/error.h). For a GUI's progress
    // bar and Cancel button on a large file. Called by one thread at a time, not necessarily the
    // caller's (the reader's typing stage may run on a TBB worker).
    std::function<bool(std::uint64_t bytes_read, std::uint64_t bytes_total)> progress;
    // The file is read in blocks of this many bytes (at least 16; a longer row grows its block),
    // one block split into fields while the fields of the one before it are typed: 256 KiB costs
    // a system call per quarter megabyte, and a block with its fields stays in a core's L2 cache.
    // Tests and the fuzzer use small ones, so that rows, quoted fields and multi-byte characters
    // are cut by a block's end as they are in large files.
    std::size_t block_bytes = std::size_t{1} << 18;
};

Table read_csv(const std::filesystem::path& file, const CsvOptions& options = {});
// `source_name` names the input in messages.
Table parse_csv(std::istream& input, const std::string& source_name, const CsvOptions& options = {});

// The texts of --delimiter (one character, or "tab") and --decimal ("." or ","); throw ParamError.
char csv_delimiter_from_string(const std::string& text);
std::string csv_delimiter_text(char delimiter);  // "tab" for a tab
char csv_decimal_from_string(const std::string& text);
// --encoding: the canonical name of a known encoding ("latin1" -> "latin-1"); throws ParamError.
std::string csv_encoding_from_string(const std::string& text);

}  // namespace treelab
