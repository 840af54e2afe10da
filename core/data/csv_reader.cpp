#include "core/data/csv_reader.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string_view>
#include <unordered_map>

#include "core/data/column_typing.h"
#include "core/data/csv_tokenizer.h"
#include "core/error.h"

namespace treelab {
namespace {

// Large enough that reading costs one system call per megabyte, small enough to stay in cache.
constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
constexpr std::size_t kRowsPerProgressCall = 4096;

bool is_blank(std::string_view line, char delimiter) {
    return std::all_of(line.begin(), line.end(), [delimiter](char c) {
        return c == ' ' || c == '\r' || c == '\n' || (c == '\t' && delimiter != '\t');
    });
}

// The first line of `text` that holds more than blanks ("" when none does).
std::string_view first_filled_line(std::string_view text) {
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, end);
        if (!is_blank(line, 0)) return line;
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return {};
}

// The candidate that occurs most often outside quotes; ',' on a tie or when none occurs.
char detect_delimiter(std::string_view header_line) {
    constexpr std::array<char, 3> candidates = {',', ';', '\t'};
    std::array<std::size_t, 3> counts{};
    bool quoted = false;
    for (const char c : header_line) {
        if (c == '"') quoted = !quoted;
        for (std::size_t i = 0; i < candidates.size() && !quoted; ++i) counts[i] += c == candidates[i];
    }
    const auto best = std::max_element(counts.begin(), counts.end());
    return *best == 0 ? ',' : candidates[static_cast<std::size_t>(best - counts.begin())];
}

// Turns the tokenizer's rows into typed columns: the first row names them (or is data without a
// header), every later row must have as many fields.
class TableBuilder {
public:
    TableBuilder(const std::string& source, const CsvOptions& options) : source_(source), options_(options) {}

    void add_row(const std::vector<CsvField>& fields, std::size_t line) {
        if (columns_.empty()) {
            start_columns(fields, line);
            if (options_.header) return;
        }
        add_data_row(fields, line);
    }
    std::size_t rows() const { return row_lines_.size(); }
    void reserve(std::size_t rows) {
        row_lines_.reserve(rows);
        for (auto& column : columns_) column.reserve(rows);
    }
    Table finish();

private:
    void start_columns(const std::vector<CsvField>& fields, std::size_t line);
    void add_data_row(const std::vector<CsvField>& fields, std::size_t line);
    bool is_missing(const CsvField& field) const {
        if (field.text.empty() && !field.quoted) return true;
        const auto& markers = options_.missing_markers;
        return std::find(markers.begin(), markers.end(), field.text) != markers.end();
    }

    const std::string& source_;
    const CsvOptions& options_;
    std::size_t header_line_ = 0;
    std::vector<ColumnBuilder> columns_;
    std::vector<std::size_t> row_lines_;
};

void TableBuilder::start_columns(const std::vector<CsvField>& fields, std::size_t line) {
    header_line_ = line;
    std::unordered_map<std::string, std::size_t> first_with_name;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::string name = options_.header ? std::string(fields[i].text) : "V" + std::to_string(i + 1);
        if (name.find_first_not_of(" \t") == std::string::npos) {
            throw DataError(source_, line, i + 1,
                            "column " + std::to_string(i + 1) + " has no name in the header; name every column");
        }
        const auto [first, added] = first_with_name.emplace(name, i);
        if (!added) {
            throw DataError(source_, line, i + 1,
                            "the column name '" + name + "' appears twice (columns " +
                                std::to_string(first->second + 1) + " and " + std::to_string(i + 1) +
                                "); rename one of them");
        }
        names.push_back(name);
    }
    for (const auto& required : options_.numeric_columns) {
        if (std::find(names.begin(), names.end(), required) == names.end()) {
            throw DataError(source_, line, 0,
                            "there is no column '" + required + "' (required to be numeric); the columns are " +
                                quoted_list(names));
        }
    }
    const auto& required = options_.numeric_columns;
    for (auto& name : names) {
        const bool numeric = std::find(required.begin(), required.end(), name) != required.end();
        columns_.emplace_back(std::move(name), numeric, '.');
    }
}

void TableBuilder::add_data_row(const std::vector<CsvField>& fields, std::size_t line) {
    if (fields.size() != columns_.size()) {
        throw DataError(source_, line, std::min(fields.size(), columns_.size()) + 1,
                        "line " + std::to_string(line) + " has " + std::to_string(fields.size()) + " fields, the " +
                            (options_.header ? "header has " : "first row has ") + std::to_string(columns_.size()) +
                            "; check for a missing or extra delimiter, or quote fields that contain one");
    }
    for (std::size_t i = 0; i < fields.size(); ++i) columns_[i].add(fields[i].text, is_missing(fields[i]));
    row_lines_.push_back(line);
}

Table TableBuilder::finish() {
    if (columns_.empty()) throw DataError(source_, 0, 0, "the file is empty; a CSV file needs a header and data rows");
    if (row_lines_.empty()) throw DataError(source_, header_line_, 0, "the file has a header but no data rows");
    Table table;
    table.source = source_;
    table.rows = row_lines_.size();
    row_lines_.shrink_to_fit();
    table.row_lines = std::move(row_lines_);
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        table.columns.push_back(columns_[i].finish({source_, table.row_lines, i + 1}));
    }
    return table;
}

// The input's size in bytes from here, 0 when the stream cannot tell (a pipe).
std::uint64_t input_size(std::istream& input) {
    const std::istream::pos_type here = input.tellg();
    if (here == std::istream::pos_type(-1) || !input.seekg(0, std::ios::end)) {
        input.clear();
        return 0;
    }
    const std::istream::pos_type end = input.tellg();
    input.seekg(here);
    return end == std::istream::pos_type(-1) ? 0 : static_cast<std::uint64_t>(end - here);
}

// Fills buffer[from, size) from `input`; returns the new fill, short only at the end of the input.
std::size_t fill(std::istream& input, std::vector<char>& buffer, std::size_t from, const std::string& source) {
    input.read(buffer.data() + from, static_cast<std::streamsize>(buffer.size() - from));
    if (input.bad()) throw DataError(source, 0, 0, "reading the file failed");
    return from + static_cast<std::size_t>(input.gcount());
}

}  // namespace

Table parse_csv(std::istream& input, const std::string& source_name, const CsvOptions& options) {
    if (options.delimiter == '"' || options.delimiter == '\n' || options.delimiter == '\r') {
        throw ParamError("the CSV delimiter cannot be a quote or a line break");
    }
    const std::uint64_t total = input_size(input);
    std::vector<char> buffer(kBlockBytes);
    std::size_t filled = fill(input, buffer, 0, source_name);
    std::uint64_t consumed = 0;  // input bytes before buffer[0]
    if (std::string_view(buffer.data(), filled).starts_with("\xEF\xBB\xBF")) {
        buffer.erase(buffer.begin(), buffer.begin() + 3);
        buffer.resize(kBlockBytes);
        filled -= 3;
        consumed = 3;
    }
    const char delimiter = options.delimiter != 0 ? options.delimiter
                                                  : detect_delimiter(first_filled_line({buffer.data(), filled}));

    TableBuilder table(source_name, options);
    CsvTokenizer tokenizer(source_name, delimiter);
    const auto report_progress = [&](std::uint64_t done) {
        if (options.progress && !options.progress(done, total)) throw Cancelled("reading " + source_name + " was cancelled");
    };
    const CsvRowSink sink = [&](const std::vector<CsvField>& fields, std::size_t line, std::size_t end) {
        table.add_row(fields, line);
        if (table.rows() % kRowsPerProgressCall == 0) report_progress(consumed + end);
    };
    bool reserved = false;
    for (;;) {
        const bool last = filled < buffer.size();
        const std::size_t used = tokenizer.parse(buffer.data(), filled, last, sink);
        if (last) break;
        if (!reserved && total > 0 && used > 0 && table.rows() > 0) {
            // The first block's rows per byte, over the whole input: one allocation per column
            // instead of doublings that would leave up to half of each column unused.
            table.reserve(static_cast<std::size_t>(static_cast<double>(table.rows()) * 1.05 *
                                                   static_cast<double>(total) / static_cast<double>(used)));
            reserved = true;
        }
        if (used == 0) buffer.resize(buffer.size() * 2);  // one row longer than the block
        std::memmove(buffer.data(), buffer.data() + used, filled - used);
        consumed += used;
        filled = fill(input, buffer, filled - used, source_name);
    }
    report_progress(total);
    return table.finish();
}

Table read_csv(const std::filesystem::path& file, const CsvOptions& options) {
    const std::string source = file.string();
    std::error_code ignored;
    if (std::filesystem::is_directory(file, ignored)) throw DataError(source, 0, 0, "this is a folder, not a CSV file");
    std::ifstream input(file, std::ios::binary);
    if (!input) throw DataError(source, 0, 0, std::string("cannot open the file: ") + std::strerror(errno));
    return parse_csv(input, source, options);
}

}  // namespace treelab
