#include "core/data/csv_reader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string_view>
#include <unordered_map>

#include "core/data/column_typing.h"
#include "core/data/csv_dialect.h"
#include "core/data/csv_tokenizer.h"
#include "core/data/text_source.h"
#include "core/error.h"

namespace treelab {
namespace {

// The smallest block holds a UTF-16 character cut by the previous block's end and one more unit.
constexpr std::size_t kMinBlockBytes = 16;
constexpr std::size_t kRowsPerProgressCall = 4096;

// Turns the tokenizer's rows into typed columns: the first row names them (or is data without a
// header), every later row must have as many fields.
class TableBuilder {
public:
    TableBuilder(const std::string& source, const CsvOptions& options, char decimal)
        : source_(source), options_(options), decimal_(decimal) {}

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
    char decimal_;
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
        columns_.emplace_back(std::move(name), numeric, decimal_);
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

}  // namespace

Table parse_csv(std::istream& input, const std::string& source_name, const CsvOptions& options) {
    if (options.delimiter == '"' || options.delimiter == '\n' || options.delimiter == '\r') {
        throw ParamError("the CSV delimiter cannot be a quote or a line break");
    }
    if (options.decimal != 0 && options.decimal != '.' && options.decimal != ',') {
        throw ParamError("the decimal separator must be '.' or ','");
    }
    if (options.decimal != 0 && options.decimal == options.delimiter) {
        throw ParamError("the decimal separator cannot also be the delimiter");
    }
    if (options.block_bytes < kMinBlockBytes) throw ParamError("CSV blocks must hold at least 16 bytes");
    const std::uint64_t total = input_size(input);
    TextSource text(input, source_name, options.encoding);
    std::vector<char> buffer(options.block_bytes);
    std::size_t filled = text.fill(buffer, 0);
    const std::string_view head(buffer.data(), filled);
    TextFormat format;
    format.delimiter = options.delimiter != 0 ? options.delimiter : detect_delimiter(first_filled_line(head));
    format.decimal = options.decimal != 0 ? options.decimal : detect_decimal(head, format.delimiter);
    format.encoding = to_string(text.encoding());

    TableBuilder table(source_name, options, format.decimal);
    CsvTokenizer tokenizer(source_name, format.delimiter);
    const bool converted = text.encoding() != TextEncoding::Utf8;
    std::uint64_t consumed = 0;  // text bytes before buffer[0]
    const auto report_progress = [&](std::uint64_t done) {
        if (options.progress && !options.progress(done, total)) throw Cancelled("reading " + source_name + " was cancelled");
    };
    const CsvRowSink sink = [&](const std::vector<CsvField>& fields, std::size_t line, std::size_t end) {
        table.add_row(fields, line);
        // Converted text is longer or shorter than the file: count the file's bytes read instead.
        if (table.rows() % kRowsPerProgressCall == 0) report_progress(converted ? text.raw_bytes_read() : consumed + end);
    };
    bool reserved = false;
    for (;;) {
        const bool last = text.ended();
        const std::size_t used = tokenizer.parse(buffer.data(), filled, last, sink);
        if (last) break;
        if (!reserved && total > 0 && used > 0 && table.rows() > 0) {
            // The first block's rows per byte, over the whole input: one allocation per column
            // instead of doublings that would leave up to half of each column unused.
            const double bytes_per_row = static_cast<double>(text.raw_bytes_read()) / static_cast<double>(filled) *
                                         static_cast<double>(used) / static_cast<double>(table.rows());
            table.reserve(static_cast<std::size_t>(1.05 * static_cast<double>(total) / bytes_per_row));
            reserved = true;
        }
        std::memmove(buffer.data(), buffer.data() + used, filled - used);
        filled -= used;
        consumed += used;
        if (filled > buffer.size() / 2) buffer.resize(buffer.size() * 2);  // a row longer than half a block
        filled = text.fill(buffer, filled);
    }
    report_progress(total);
    Table result = table.finish();
    result.format = format;
    return result;
}

char csv_delimiter_from_string(const std::string& text) {
    if (text == "tab" || text == "\\t" || text == "\t") return '\t';
    if (text.size() != 1 || text == "\"" || text == "\n" || text == "\r") {
        throw ParamError("the delimiter must be one character (or 'tab'), not a quote or a line break; got '" + text + "'");
    }
    return text[0];
}

std::string csv_delimiter_text(char delimiter) { return delimiter == '\t' ? "tab" : std::string(1, delimiter); }

char csv_decimal_from_string(const std::string& text) {
    if (text != "." && text != ",") throw ParamError("the decimal separator must be '.' or ',', not '" + text + "'");
    return text[0];
}

std::string csv_encoding_from_string(const std::string& text) { return to_string(text_encoding_from_string(text)); }

Table read_csv(const std::filesystem::path& file, const CsvOptions& options) {
    const std::string source = file.string();
    std::error_code ignored;
    if (std::filesystem::is_directory(file, ignored)) throw DataError(source, 0, 0, "this is a folder, not a CSV file");
    std::ifstream input(file, std::ios::binary);
    if (!input) throw DataError(source, 0, 0, std::string("cannot open the file: ") + std::strerror(errno));
    return parse_csv(input, source, options);
}

}  // namespace treelab
