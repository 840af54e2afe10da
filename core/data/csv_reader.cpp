#include "core/data/csv_reader.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <exception>
#include <fstream>
#include <memory>
#include <unordered_map>

#include <csv.h>

#include "core/data/column_typing.h"
#include "core/error.h"

namespace treelab {
namespace {

// Strict mode rejects stray quotes; EMPTY_IS_NULL tells an unquoted empty field (missing) from "".
constexpr unsigned char parser_options = CSV_STRICT | CSV_STRICT_FINI | CSV_EMPTY_IS_NULL;

int is_space_or_tab(unsigned char c) { return c == ' ' || c == '\t'; }
// With a tab delimiter, a tab must separate fields rather than be trimmed as padding.
int is_space(unsigned char c) { return c == ' '; }

bool is_blank(const std::string& line, char delimiter) {
    return std::all_of(line.begin(), line.end(), [delimiter](char c) {
        return c == ' ' || c == '\r' || c == '\n' || (c == '\t' && delimiter != '\t');
    });
}

// The candidate that occurs most often outside quotes; ',' on a tie or when none occurs.
char detect_delimiter(const std::string& header_line) {
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

// Collects rows from the libcsv callbacks. Exceptions cannot cross libcsv's C frames, so the
// first error is parked in `error` and rethrown once csv_parse returns.
class RowCollector {
public:
    RowCollector(const std::string& source, const CsvOptions& options) : source_(source), options_(options) {}

    void begin_line(std::size_t line) {
        line_ = line;
        if (!row_open_) row_line_ = line;
        row_ended_ = false;
        fields_at_line_start_ = fields_.size();
    }
    // After a line: a row still open means a quoted field runs on into the next line.
    void end_line(bool blank) {
        if (row_ended_ || (blank && !row_open_)) return;
        row_open_ = true;
        if (quote_line_ == 0 || fields_.size() != fields_at_line_start_) {
            quote_line_ = line_;
            quote_column_ = fields_.size() + 1;
        }
    }

    void add_field(const char* text, std::size_t size) {
        if (error_) return;
        fields_.emplace_back(text ? std::string(text, size) : std::string());
        nulls_.push_back(text == nullptr);
    }
    void end_row() {
        if (error_) return;
        try {
            if (!seen_first_row_) start_columns();
            if (seen_first_row_ || !options_.header) add_data_row();
            seen_first_row_ = true;
        } catch (...) {
            error_ = std::current_exception();
        }
        fields_.clear();
        nulls_.clear();
        row_open_ = false;
        row_ended_ = true;
        quote_line_ = 0;
    }

    void rethrow_error() const {
        if (error_) std::rethrow_exception(error_);
    }
    [[noreturn]] void throw_bad_quote() const {
        throw DataError(source_, line_, fields_.size() + 1,
                        "a quote inside an unquoted field, or text after a closing quote; enclose the field in "
                        "quotes and write a quote inside it as \"\"");
    }
    [[noreturn]] void throw_unterminated_quote() const {
        throw DataError(source_, quote_line_, quote_column_,
                        "the quote opened here is never closed; add the closing \" (a quote inside a quoted "
                        "field is written \"\")");
    }
    Table finish();

private:
    void start_columns();
    void add_data_row();

    const std::string& source_;
    const CsvOptions& options_;
    std::size_t line_ = 0, row_line_ = 0, header_line_ = 0;
    std::size_t quote_line_ = 0, quote_column_ = 0;  // where the field still open began
    std::size_t fields_at_line_start_ = 0;
    bool row_open_ = false, row_ended_ = false, seen_first_row_ = false;
    std::vector<std::string> fields_;
    std::vector<bool> nulls_;
    std::vector<RawColumn> columns_;
    std::vector<std::size_t> row_lines_;
    std::exception_ptr error_;
};

void RowCollector::start_columns() {
    header_line_ = row_line_;
    columns_.resize(fields_.size());
    std::unordered_map<std::string, std::size_t> first_with_name;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        std::string& name = columns_[i].name;
        name = options_.header ? fields_[i] : "V" + std::to_string(i + 1);
        if (name.find_first_not_of(" \t") == std::string::npos) {
            throw DataError(source_, row_line_, i + 1,
                            "column " + std::to_string(i + 1) + " has no name in the header; name every column");
        }
        const auto [first, added] = first_with_name.emplace(name, i);
        if (!added) {
            throw DataError(source_, row_line_, i + 1,
                            "the column name '" + name + "' appears twice (columns " +
                                std::to_string(first->second + 1) + " and " + std::to_string(i + 1) +
                                "); rename one of them");
        }
    }
}

void RowCollector::add_data_row() {
    if (fields_.size() != columns_.size()) {
        throw DataError(source_, row_line_, std::min(fields_.size(), columns_.size()) + 1,
                        "line " + std::to_string(row_line_) + " has " + std::to_string(fields_.size()) +
                            " fields, the " + (options_.header ? "header has " : "first row has ") +
                            std::to_string(columns_.size()) +
                            "; check for a missing or extra delimiter, or quote fields that contain one");
    }
    const auto& markers = options_.missing_markers;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        const bool missing = nulls_[i] || std::find(markers.begin(), markers.end(), fields_[i]) != markers.end();
        columns_[i].texts.push_back(std::move(fields_[i]));
        columns_[i].missing.push_back(missing);
    }
    row_lines_.push_back(row_line_);
}

Table RowCollector::finish() {
    if (!seen_first_row_) throw DataError(source_, 0, 0, "the file is empty; a CSV file needs a header and data rows");
    if (row_lines_.empty()) {
        throw DataError(source_, header_line_, 0, "the file has a header but no data rows");
    }
    std::vector<std::string> names;
    for (const auto& column : columns_) names.push_back(column.name);
    for (const auto& required : options_.numeric_columns) {
        if (std::find(names.begin(), names.end(), required) == names.end()) {
            throw DataError(source_, header_line_, 0,
                            "there is no column '" + required + "' (required to be numeric); the columns are " +
                                quoted_list(names));
        }
    }
    Table table;
    table.source = source_;
    table.rows = row_lines_.size();
    table.row_lines = std::move(row_lines_);
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const auto& required = options_.numeric_columns;
        const bool numeric = std::find(required.begin(), required.end(), columns_[i].name) != required.end();
        table.columns.push_back(type_column(std::move(columns_[i]), {source_, table.row_lines, i + 1}, numeric));
    }
    return table;
}

void on_field(void* text, std::size_t size, void* collector) {
    static_cast<RowCollector*>(collector)->add_field(static_cast<const char*>(text), size);
}
void on_row(int, void* collector) { static_cast<RowCollector*>(collector)->end_row(); }

struct ParserDeleter {
    void operator()(csv_parser* parser) const {
        csv_free(parser);
        delete parser;
    }
};

constexpr std::size_t kLinesPerProgressCall = 4096;

// The input's size in bytes, 0 when the stream cannot tell (a pipe).
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

std::uint64_t bytes_read(std::istream& input, std::uint64_t total) {
    const std::istream::pos_type here = input.tellg();
    return total == 0 || here == std::istream::pos_type(-1) ? 0 : static_cast<std::uint64_t>(here);
}

}  // namespace

Table parse_csv(std::istream& input, const std::string& source_name, const CsvOptions& options) {
    if (options.delimiter == '"' || options.delimiter == '\n' || options.delimiter == '\r') {
        throw ParamError("the CSV delimiter cannot be a quote or a line break");
    }
    std::unique_ptr<csv_parser, ParserDeleter> parser(new csv_parser);
    if (csv_init(parser.get(), parser_options) != 0) throw Error("out of memory while starting the CSV parser");

    RowCollector collector(source_name, options);
    char delimiter = options.delimiter;
    bool delimiter_set = false;
    std::string line;
    const std::uint64_t total = input_size(input);
    // Feeding libcsv one physical line at a time is what lets messages name the line.
    for (std::size_t number = 1; std::getline(input, line); ++number) {
        if (options.progress && number % kLinesPerProgressCall == 0 && !options.progress(bytes_read(input, total), total))
            throw Cancelled("reading " + source_name + " was cancelled");
        if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
        line += '\n';
        if (!delimiter_set && !is_blank(line, delimiter)) {
            if (delimiter == 0) delimiter = detect_delimiter(line);
            csv_set_delim(parser.get(), static_cast<unsigned char>(delimiter));
            csv_set_space_func(parser.get(), delimiter == '\t' ? is_space : is_space_or_tab);
            delimiter_set = true;
        }
        collector.begin_line(number);
        const std::size_t used = csv_parse(parser.get(), line.data(), line.size(), on_field, on_row, &collector);
        collector.rethrow_error();
        if (used != line.size()) {
            if (csv_error(parser.get()) == CSV_EPARSE) collector.throw_bad_quote();
            throw Error(std::string("the CSV parser failed: ") + csv_strerror(csv_error(parser.get())));
        }
        collector.end_line(is_blank(line, delimiter));
    }
    if (input.bad()) throw DataError(source_name, 0, 0, "reading the file failed");
    const int finished = csv_fini(parser.get(), on_field, on_row, &collector);
    collector.rethrow_error();
    if (finished != 0 || csv_error(parser.get()) == CSV_EPARSE) collector.throw_unterminated_quote();
    if (options.progress && !options.progress(total, total)) throw Cancelled("reading " + source_name + " was cancelled");
    return collector.finish();
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
