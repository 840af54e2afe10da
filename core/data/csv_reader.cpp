#include "core/data/csv_reader.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <exception>
#include <fstream>
#include <string_view>

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "core/data/csv_dialect.h"
#include "core/data/csv_table_builder.h"
#include "core/data/csv_tokenizer.h"
#include "core/data/gzip_input.h"
#include "core/data/text_source.h"
#include "core/error.h"

namespace treelab {
namespace {

// The smallest block holds a UTF-16 character cut by the previous block's end and one more unit.
constexpr std::size_t kMinBlockBytes = 16;
constexpr std::size_t kRowsPerProgressCall = 4096;
// Blocks in flight: one being split while the one before it is typed (the slower stage), and one
// more so that neither stage waits for the other's hand-over.
constexpr std::size_t kLiveBlocks = 3;

// A block on its way from the splitting stage to the typing stage: its text and the rows in it.
struct CsvBlock {
    std::vector<char> text;
    std::size_t filled = 0;
    std::size_t used = 0;  // the end of its last complete row; the rest starts the next block
    bool last = false;
    std::uint64_t consumed = 0;  // text bytes before text[0]
    std::uint64_t raw_read = 0;  // the input's bytes read once it was filled
    CsvRows rows;
    // Thrown while filling or splitting it, after `rows`: typing them first makes the first error
    // reported the one a sequential reader would report.
    std::exception_ptr error;
};

// Starts `block` with the incomplete row at the end of `previous` and fills it from `text`.
void continue_block(CsvBlock& block, const CsvBlock& previous, TextSource& text, std::size_t block_bytes) {
    const std::size_t tail = previous.filled - previous.used;
    std::size_t size = std::max(block.text.size(), block_bytes);
    while (tail > size / 2) size *= 2;  // a row longer than half a block
    if (block.text.size() < size) block.text.resize(size);
    std::memcpy(block.text.data(), previous.text.data() + previous.used, tail);
    block.consumed = previous.consumed + previous.used;
    block.filled = text.fill(block.text, tail);
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
    // Block k is ring[k % kLiveBlocks]: its buffer is free again when block k + kLiveBlocks is
    // split, since the pipeline holds no more blocks at once. Allocated when first used, so that a
    // small input takes one block.
    std::array<CsvBlock, kLiveBlocks> ring;
    CsvBlock& first = ring[0];
    first.text.resize(options.block_bytes);
    first.filled = text.fill(first.text, 0);
    const std::string_view head(first.text.data(), first.filled);
    TextFormat format;
    format.delimiter = options.delimiter != 0 ? options.delimiter : detect_delimiter(first_filled_line(head));
    format.decimal = options.decimal != 0 ? options.decimal : detect_decimal(head, format.delimiter);
    format.encoding = to_string(text.encoding());

    CsvTableBuilder table(source_name, options, format.decimal);
    CsvTokenizer tokenizer(source_name, format.delimiter);
    std::size_t next = 0;  // the block to split next
    bool stop = false;
    const auto split = [&](tbb::flow_control& control) -> CsvBlock* {
        if (stop) {
            control.stop();
            return nullptr;
        }
        CsvBlock& block = ring[next % kLiveBlocks];
        block.rows.clear();
        block.error = nullptr;
        try {
            if (next > 0) continue_block(block, ring[(next - 1) % kLiveBlocks], text, options.block_bytes);
            block.last = text.ended();
            block.raw_read = text.raw_bytes_read();
            block.used = tokenizer.parse(block.text.data(), block.filled, block.last, block.rows);
        } catch (...) {
            block.error = std::current_exception();
        }
        stop = block.last || block.error;
        ++next;
        return &block;
    };

    const bool converted = text.encoding() != TextEncoding::Utf8;
    const auto report_progress = [&](std::uint64_t done) {
        if (options.progress && !options.progress(done, total)) throw Cancelled("reading " + source_name + " was cancelled");
    };
    bool reserved = false;
    const auto type = [&](CsvBlock* block) {
        for (const CsvRow& row : block->rows.rows) {
            table.add_row(block->rows.fields_of(row), row.line);
            // Converted text is longer or shorter than the file: count the file's bytes read instead.
            if (table.rows() % kRowsPerProgressCall == 0) report_progress(converted ? block->raw_read : block->consumed + row.end);
        }
        if (block->error) std::rethrow_exception(block->error);
        if (!reserved && !block->last && total > 0 && block->used > 0 && table.rows() > 0) {
            // The first block's rows per byte, over the whole input: one allocation per column
            // instead of doublings that would leave up to half of each column unused.
            const double bytes_per_row = static_cast<double>(block->raw_read) / static_cast<double>(block->filled) *
                                         static_cast<double>(block->used) / static_cast<double>(table.rows());
            table.reserve(static_cast<std::size_t>(1.05 * static_cast<double>(total) / bytes_per_row));
            reserved = true;
        }
    };
    // Splitting a block into fields and typing the fields of the one before it run side by side
    // when there is a second core; both stages take their blocks in order, so rows are added and
    // errors found in the order of a sequential read. Isolated, so that while this thread waits it
    // takes no unrelated task of the arena (a training's) that would hold up the read.
    tbb::this_task_arena::isolate([&] {
        tbb::parallel_pipeline(kLiveBlocks, tbb::make_filter<void, CsvBlock*>(tbb::filter_mode::serial_in_order, split) &
                                                tbb::make_filter<CsvBlock*, void>(tbb::filter_mode::serial_in_order, type));
    });
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
    if (starts_with_gzip_magic(input)) {  // data.csv.gz: inflated as it is read; its size is not known ahead
        GzipInput inflated(input, source);
        std::istream text(&inflated);
        text.exceptions(std::ios::badbit);  // the inflater's DataError reaches the caller
        return parse_csv(text, source, options);
    }
    return parse_csv(input, source, options);
}

}  // namespace treelab
