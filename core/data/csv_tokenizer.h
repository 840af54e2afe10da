#pragma once
// Internal to core/data: splitting CSV text into rows of fields, block by block. Quoted fields
// with "" escapes and line breaks, CR, LF or CRLF line ends, blank lines skipped, spaces (and tabs
// unless the delimiter is a tab) around unquoted fields trimmed. Hand-written rather than libcsv,
// which had to be fed line by line for its messages to name lines and handed over each field
// through a C callback: this splits whole blocks in place, and CSV quoting is small enough to
// state here exactly.
#include <cstddef>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace treelab {

struct CsvField {
    std::string_view text;  // unquoted and unescaped
    bool quoted = false;    // an unquoted empty field is missing; a quoted one is the empty text
};

struct CsvRow {
    std::size_t first_field;  // in CsvRows::fields
    std::size_t field_count;
    std::size_t line;  // 1-based, where the row starts
    std::size_t end;   // the offset just past the row in its block
};

// The complete rows of a block, recorded so that another thread can type them while the next
// block is split. Fields point into the block, or into `unescaped` for those with "" escapes.
struct CsvRows {
    std::vector<CsvField> fields;
    std::vector<CsvRow> rows;
    std::deque<std::string> unescaped;  // a deque, so that its texts stay in place as it grows

    std::span<const CsvField> fields_of(const CsvRow& row) const { return {fields.data() + row.first_field, row.field_count}; }
    void clear() {
        fields.clear();
        rows.clear();
        unescaped.clear();
    }
};

class CsvTokenizer {
public:
    CsvTokenizer(const std::string& source, char delimiter);

    // Appends every complete row of block[0, size) to `out` and returns the offset where the first
    // incomplete row starts (the caller keeps those bytes for the next block). With `last`, the
    // block ends the input and its final row needs no line break. Throws DataError for a stray or
    // unclosed quote and for a NUL byte; `out` then holds the rows before it.
    std::size_t parse(const char* block, std::size_t size, bool last, CsvRows& out);

private:
    enum class Step { Field, RowEnd, Incomplete };
    Step read_field(const char*& p, const char* end, bool last);
    Step read_quoted(const char*& p, const char* end, bool last);
    Step after_field(const char*& p, const char* end, bool last);
    bool is_pad(char c) const { return (c == ' ' || c == '\t') && c != delimiter_; }
    std::size_t row_fields() const { return out_->fields.size() - row_first_field_; }
    [[noreturn]] void throw_nul(std::size_t line) const;
    [[noreturn]] void throw_stray_quote(std::size_t field) const;

    const std::string& source_;
    char delimiter_;
    bool stops_[256] = {};  // bytes that end an unquoted run: delimiter, CR, LF, quote, NUL
    std::size_t line_ = 1;  // the line `p` is on
    CsvRows* out_ = nullptr;  // while parsing
    std::size_t row_first_field_ = 0;  // the current row's first field in out_->fields
};

}  // namespace treelab
