#pragma once
// Internal to core/data: splitting CSV text into rows of fields, block by block. Quoted fields
// with "" escapes and line breaks, CR, LF or CRLF line ends, blank lines skipped, spaces (and tabs
// unless the delimiter is a tab) around unquoted fields trimmed. Hand-written rather than libcsv,
// which had to be fed line by line for its messages to name lines and handed over each field
// through a C callback: this splits whole blocks in place, and CSV quoting is small enough to
// state here exactly.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace treelab {

struct CsvField {
    std::string_view text;  // unquoted and unescaped
    bool quoted = false;    // an unquoted empty field is missing; a quoted one is the empty text
};

// Called for each complete row with its fields, the 1-based line where it starts and the offset
// just past it in the block.
using CsvRowSink = std::function<void(const std::vector<CsvField>& fields, std::size_t line, std::size_t end)>;

class CsvTokenizer {
public:
    CsvTokenizer(const std::string& source, char delimiter);

    // Hands every complete row of block[0, size) to `sink` and returns the offset where the first
    // incomplete row starts (the caller keeps those bytes for the next block). With `last`, the
    // block ends the input and its final row needs no line break. Throws DataError for a stray or
    // unclosed quote and for a NUL byte.
    std::size_t parse(const char* block, std::size_t size, bool last, const CsvRowSink& sink);

private:
    enum class Step { Field, RowEnd, Incomplete };
    Step read_field(const char*& p, const char* end, bool last);
    Step read_quoted(const char*& p, const char* end, bool last);
    Step after_field(const char*& p, const char* end, bool last);
    bool is_pad(char c) const { return (c == ' ' || c == '\t') && c != delimiter_; }
    [[noreturn]] void throw_nul(std::size_t line) const;
    [[noreturn]] void throw_stray_quote(std::size_t field) const;

    const std::string& source_;
    char delimiter_;
    bool stops_[256] = {};  // bytes that end an unquoted run: delimiter, CR, LF, quote, NUL
    std::size_t line_ = 1;  // the line `p` is on
    std::vector<CsvField> fields_;
    std::string unescaped_;                  // the row's fields that had "" escapes, one after another
    std::vector<std::size_t> unescaped_at_;  // per field: its offset in unescaped_, or npos
};

}  // namespace treelab
