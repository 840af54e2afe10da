#include "core/data/csv_reader.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <zlib.h>

#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

Table read(const std::string& name, const CsvOptions& options = {}) {
    return read_csv(test::test_data("csv/" + name), options);
}

CsvOptions with_delimiter(char delimiter) {
    CsvOptions options;
    options.delimiter = delimiter;
    return options;
}

// `text` read in a task arena of `threads` threads: with one, the reader's two stages take turns.
Table parse_with_threads(const std::string& text, const CsvOptions& options, int threads) {
    tbb::task_arena arena(threads);
    return arena.execute([&] {
        std::istringstream input(text);
        return parse_csv(input, "inline", options);
    });
}

void expect_same_table(const Table& table, const Table& expected) {
    EXPECT_EQ(table.source, expected.source);
    EXPECT_EQ(table.format.delimiter, expected.format.delimiter);
    EXPECT_EQ(table.format.decimal, expected.format.decimal);
    EXPECT_EQ(table.format.encoding, expected.format.encoding);
    ASSERT_EQ(table.rows, expected.rows);
    EXPECT_EQ(table.row_lines, expected.row_lines);
    ASSERT_EQ(table.columns.size(), expected.columns.size());
    for (std::size_t k = 0; k < expected.columns.size(); ++k) {
        const Column& column = table.columns[k];
        const Column& want = expected.columns[k];
        EXPECT_EQ(column.name, want.name);
        EXPECT_EQ(column.kind, want.kind);
        EXPECT_EQ(column.missing_count, want.missing_count);
        EXPECT_EQ(column.levels, want.levels);
        EXPECT_EQ(column.codes, want.codes);
        ASSERT_EQ(column.numbers.size(), want.numbers.size());
        for (std::size_t row = 0; row < want.numbers.size(); ++row) {
            const bool same = std::isnan(want.numbers[row]) ? std::isnan(column.numbers[row]) : column.numbers[row] == want.numbers[row];
            EXPECT_TRUE(same) << column.name << " row " << row;
        }
    }
}

// The progress callback sees the bytes read grow up to the input's size, ending with (size,
// size); returning false stops the read with Cancelled.
TEST(CsvReader, ReportsProgressAndCancels) {
    std::string text = "x,y\n";
    for (int row = 0; row < 10000; ++row) text += std::to_string(row) + "," + std::to_string(row % 3) + "\n";
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    CsvOptions options;
    options.progress = [&](std::uint64_t done, std::uint64_t total) {
        calls.emplace_back(done, total);
        return true;
    };
    std::istringstream input(text);
    EXPECT_EQ(parse_csv(input, "inline", options).rows, 10000u);
    ASSERT_GE(calls.size(), 3u);
    for (std::size_t k = 1; k < calls.size(); ++k) {
        EXPECT_LE(calls[k - 1].first, calls[k].first);
        EXPECT_EQ(calls[k].second, text.size());
    }
    EXPECT_GT(calls.front().first, 0u);
    EXPECT_EQ(calls.back(), std::make_pair(std::uint64_t{text.size()}, std::uint64_t{text.size()}));
    options.progress = [](std::uint64_t, std::uint64_t) { return false; };
    std::istringstream again(text);
    EXPECT_THROW(parse_csv(again, "inline", options), Cancelled);
}

// Rows longer than nothing and shorter than a block, a quoted line break and CRLF ends read the
// same wherever the reader's 1 MiB blocks happen to cut them.
TEST(CsvReader, ReadsRowsAcrossBlockBoundaries) {
    std::string text = "n,text,x\r\n";
    const std::size_t rows = 70000;  // about 1.6 MiB
    for (std::size_t row = 0; row < rows; ++row) {
        text += std::to_string(row) + ",\"a \"\"" + std::to_string(row % 7) + "\"\"\nb\"," + std::to_string(row) + ".5\r\n";
    }
    std::istringstream input(text);
    const Table table = parse_csv(input, "inline");
    ASSERT_EQ(table.rows, rows);
    for (std::size_t row = 0; row < rows; row += 997) {
        EXPECT_EQ(table.columns[0].numbers[row], static_cast<double>(row));
        EXPECT_EQ(cell_text(table.columns[1], row), "a \"" + std::to_string(row % 7) + "\"\nb");
        EXPECT_EQ(table.columns[2].numbers[row], static_cast<double>(row) + 0.5);
        EXPECT_EQ(table.row_lines[row], 2 + 2 * row);
    }
}

// A header far longer than a block (100,000 names, about 690 KB) is one row, and so is every data
// row of as many fields; the table has every column, named and typed.
TEST(CsvReader, ReadsAHundredThousandColumns) {
    constexpr std::size_t columns = 100000;
    std::string text;
    for (std::size_t c = 0; c < columns; ++c) text += (c ? ",x" : "x") + std::to_string(c);
    text += '\n';
    for (int row = 0; row < 3; ++row) {
        for (std::size_t c = 0; c < columns; ++c) text += (c ? "," : "") + std::to_string(row * 10 + static_cast<int>(c % 7));
        text += '\n';
    }
    std::istringstream input(text);
    const Table table = parse_csv(input, "inline");
    ASSERT_EQ(table.columns.size(), columns);
    ASSERT_EQ(table.rows, 3u);
    EXPECT_EQ(table.columns.front().name, "x0");
    EXPECT_EQ(table.columns.back().name, "x99999");
    EXPECT_EQ(table.columns[54321].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[54321].numbers[2], 20.0 + 54321 % 7);
    EXPECT_EQ(table.columns.back().numbers[1], 10.0 + 99999 % 7);
    EXPECT_EQ(table.row_lines.back(), 4u);
}

// A UTF-8 byte-order mark is not part of the first column's name.
TEST(CsvReader, StripsByteOrderMark) {
    const Table table = read("bom.csv");
    ASSERT_EQ(table.columns.size(), 3u);
    EXPECT_EQ(table.columns[0].name, "id");
    EXPECT_EQ(table.rows, 2u);
    EXPECT_EQ(table.columns[2].numbers, (std::vector<double>{2.5, 3.5}));
}

// CRLF line ends leave no carriage return in the last column's values.
TEST(CsvReader, ReadsCrlfLineEnds) {
    const Table table = read("crlf.csv");
    ASSERT_EQ(table.rows, 3u);
    EXPECT_EQ(table.columns[2].kind, ColumnKind::Categorical);
    EXPECT_EQ(table.columns[2].levels, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(table.row_lines, (std::vector<std::size_t>{2, 3, 4}));
}

// A header with more semicolons than commas makes ';' the delimiter, and a spreadsheet's decimal
// commas then make numbers ("1,5" is 1.5), not categories.
TEST(CsvReader, DetectsSemicolonDelimiterAndDecimalComma) {
    const Table table = read("semicolon.csv");
    ASSERT_EQ(table.columns.size(), 3u);
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[0].numbers, (std::vector<double>{1.5, 3}));
    EXPECT_EQ(table.columns[1].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.format.delimiter, ';');
    EXPECT_EQ(table.format.decimal, ',');
}

// Tab-separated files are detected, keep spaces inside values and read an empty field as missing.
TEST(CsvReader, DetectsTabDelimiter) {
    const Table table = read("tab.tsv");
    ASSERT_EQ(table.columns.size(), 3u);
    EXPECT_EQ(table.columns[2].levels, (std::vector<std::string>{"a b", "c"}));
    EXPECT_EQ(table.columns[1].missing_count, 1u);
    EXPECT_TRUE(std::isnan(table.columns[1].numbers[1]));
}

// An explicit delimiter overrides detection.
TEST(CsvReader, HonoursGivenDelimiter) {
    std::istringstream input("a;b,c\n1;2,3\n");
    const Table table = parse_csv(input, "inline", with_delimiter(','));
    ASSERT_EQ(table.columns.size(), 2u);
    EXPECT_EQ(table.columns[0].name, "a;b");
}

// Quoted fields may hold the delimiter, doubled quotes and line breaks; row_lines name where each row starts.
TEST(CsvReader, ReadsQuotedFields) {
    const Table table = read("quoted.csv");
    ASSERT_EQ(table.rows, 4u);
    const Column& text = table.columns[1];
    EXPECT_EQ(text.levels, (std::vector<std::string>{"a, b", "say \"hi\"", "two\nlines", "plain"}));
    EXPECT_EQ(table.row_lines, (std::vector<std::size_t>{2, 3, 4, 6}));
    EXPECT_EQ(table.columns[2].numbers, (std::vector<double>{10, 20, 30, 40}));
}

// Empty unquoted fields and the markers NA and ?, quoted or not, are missing.
TEST(CsvReader, RecognisesMissingMarkers) {
    const Table table = read("missing_markers.csv");
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[0].missing_count, 1u);
    EXPECT_EQ(table.columns[1].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[1].missing_count, 2u);
    EXPECT_EQ(table.columns[2].kind, ColumnKind::Categorical);
    EXPECT_EQ(table.columns[2].missing_count, 3u);
    EXPECT_EQ(table.columns[2].levels, (std::vector<std::string>{"x"}));
    EXPECT_EQ(table.columns[2].codes, (std::vector<int>{0, -1, -1, -1}));
    EXPECT_EQ(cell_text(table.columns[2], 1), "");
}

// Custom markers replace the defaults.
TEST(CsvReader, UsesCustomMissingMarkers) {
    std::istringstream input("a\n-999\n5\nNA\n");
    CsvOptions options;
    options.missing_markers = {"-999"};
    const Table table = parse_csv(input, "inline", options);
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Categorical);  // "NA" is now a value
    EXPECT_EQ(table.columns[0].missing_count, 1u);
}

// A quoted empty field is the empty text, not a missing value.
TEST(CsvReader, QuotedEmptyIsAValue) {
    std::istringstream input("a,b\n\"\",1\nx,\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.columns[0].missing_count, 0u);
    EXPECT_EQ(table.columns[0].levels, (std::vector<std::string>{"", "x"}));
    EXPECT_EQ(table.columns[1].missing_count, 1u);
}

// Spaces around unquoted fields are trimmed; numbers may carry spaces even when quoted.
TEST(CsvReader, TrimsUnquotedWhitespace) {
    const Table table = read("whitespace.csv");
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[0].numbers, (std::vector<double>{1, 3}));
    EXPECT_EQ(table.columns[1].numbers, (std::vector<double>{2, 4}));
    EXPECT_EQ(table.columns[2].levels, (std::vector<std::string>{"word", "  spaced  "}));
}

// Without a header the columns are V1..Vn and the first line is data.
TEST(CsvReader, NamesColumnsWithoutHeader) {
    CsvOptions options;
    options.header = false;
    const Table table = read("no_header.csv", options);
    ASSERT_EQ(table.columns.size(), 3u);
    EXPECT_EQ(table.columns[2].name, "V3");
    EXPECT_EQ(table.rows, 2u);
    EXPECT_EQ(table.row_lines, (std::vector<std::size_t>{1, 2}));
}

// Numbers in any usual notation make a numeric column; one non-number makes it categorical.
TEST(CsvReader, TypesColumnsByContent) {
    std::istringstream input("n,c\n1e3,1\n-2.5,2\n+7,three\n.5,4\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[0].numbers, (std::vector<double>{1000, -2.5, 7, 0.5}));
    EXPECT_EQ(table.columns[1].kind, ColumnKind::Categorical);
    EXPECT_EQ(table.columns[1].levels, (std::vector<std::string>{"1", "2", "three", "4"}));
    EXPECT_EQ(table.columns[1].codes, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_TRUE(table.columns[1].numbers.empty());
}

// A column that is all missing is numeric, with every value NaN.
TEST(CsvReader, AllMissingColumnIsNumeric) {
    std::istringstream input("a,b\n1,\n2,NA\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.columns[1].kind, ColumnKind::Numeric);
    EXPECT_EQ(table.columns[1].missing_count, 2u);
}

// Blank lines between rows are skipped, and later rows still carry their true line numbers.
TEST(CsvReader, SkipsBlankLines) {
    std::istringstream input("a,b\n\n1,2\n   \n3,4\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.rows, 2u);
    EXPECT_EQ(table.row_lines, (std::vector<std::size_t>{3, 5}));
}

// The last line needs no line break.
TEST(CsvReader, ReadsFinalLineWithoutNewline) {
    std::istringstream input("a,b\n1,2\n3,\"x\"");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.rows, 2u);
    EXPECT_EQ(cell_text(table.columns[1], 1), "x");
}

// A file that is not UTF-8 is read as Windows-1252, what spreadsheets on Windows write, and its
// texts converted to UTF-8: é as Latin-1 has it, and bytes 0x80-0x9F as €, ’, “ where Latin-1 has
// control characters; `latin-1` given reads those as Latin-1's control characters.
TEST(CsvReader, DetectsWindows1252) {
    const std::string bytes = "name,x\ncaf\xe9,1\nitem\x80,2\n\x93quoted\x94 \x92s,3\n";
    std::istringstream input(bytes);
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.format.encoding, "windows-1252");
    EXPECT_EQ(table.columns[0].levels, (std::vector<std::string>{"caf\xc3\xa9", "item\xe2\x82\xac", "\xe2\x80\x9cquoted\xe2\x80\x9d \xe2\x80\x99s"}));
    std::istringstream again(bytes);
    CsvOptions latin1;
    latin1.encoding = "latin-1";
    EXPECT_EQ(parse_csv(again, "inline", latin1).columns[0].levels[1], "item\xc2\x80");
}

// A Windows-1252 file whose text bytes each become three UTF-8 bytes (€) is read whole, in blocks
// of the smallest size too (given: a 16-byte block's first read holds the header alone, which is
// UTF-8) and of the default size (detected).
TEST(CsvReader, ReadsWindows1252ThatTriplesInUtf8) {
    std::string bytes = "name\n";
    for (int row = 0; row < 2000; ++row) bytes += std::string(static_cast<std::size_t>(row % 40 + 1), '\x80') + "\n";
    for (const std::size_t block : {std::size_t{16}, std::size_t{1} << 18}) {
        std::istringstream input(bytes);
        CsvOptions options;
        options.block_bytes = block;
        if (block == 16) options.encoding = "windows-1252";
        const Table table = parse_csv(input, "inline", options);
        ASSERT_EQ(table.rows, 2000u) << block;
        EXPECT_EQ(table.format.encoding, "windows-1252") << block;
        std::string euros;
        for (int k = 0; k < 7; ++k) euros += "\xe2\x82\xac";
        EXPECT_EQ(cell_text(table.columns[0], 6), euros) << block;
    }
}

// `text` gzip-compressed by zlib into `file`, in `members` members written one after another.
void write_gzip(const std::filesystem::path& file, const std::string& text, int members = 1) {
    const std::size_t part = text.size() / static_cast<std::size_t>(members) + 1;
    std::string bytes;
    for (std::size_t from = 0; from < text.size(); from += part) {
        z_stream stream{};
        ASSERT_EQ(deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
        const std::string chunk = text.substr(from, part);
        std::string out(deflateBound(&stream, static_cast<uLong>(chunk.size())), '\0');
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(chunk.data()));
        stream.avail_in = static_cast<uInt>(chunk.size());
        stream.next_out = reinterpret_cast<Bytef*>(out.data());
        stream.avail_out = static_cast<uInt>(out.size());
        ASSERT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
        bytes += out.substr(0, stream.total_out);
        deflateEnd(&stream);
    }
    std::ofstream(file, std::ios::binary) << bytes;
}

// A gzip-compressed CSV (data.csv.gz, which pandas reads directly) reads as its plain text does,
// in one member or several; a truncated one is refused naming the file and what is wrong.
TEST(CsvReader, ReadsGzipCompressedFiles) {
    const std::string text = test::read_file(test::dataset("glass.csv"));
    const Table plain = read_csv(test::dataset("glass.csv"));
    const test::TempDir dir;
    for (const int members : {1, 3}) {
        const std::filesystem::path file = dir.file("glass" + std::to_string(members) + ".csv.gz");
        write_gzip(file, text, members);
        const Table inflated = read_csv(file);
        ASSERT_EQ(inflated.rows, plain.rows) << members;
        ASSERT_EQ(inflated.columns.size(), plain.columns.size());
        for (std::size_t c = 0; c < plain.columns.size(); ++c) {
            EXPECT_EQ(inflated.columns[c].name, plain.columns[c].name);
            for (std::size_t r = 0; r < plain.rows; r += 17) EXPECT_EQ(cell_text(inflated.columns[c], r), cell_text(plain.columns[c], r));
        }
    }
    const std::string whole = test::read_file(dir.file("glass1.csv.gz"));
    const std::filesystem::path truncated = dir.write("truncated.csv.gz", whole.substr(0, whole.size() / 2));
    try {
        read_csv(truncated);
        ADD_FAILURE() << "a truncated gzip file was read";
    } catch (const DataError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("truncated.csv.gz"), std::string::npos) << message;
        EXPECT_NE(message.find("gzip-compressed file cannot be read"), std::string::npos) << message;
    }
}

// A given encoding wins over detection: UTF-8 bytes read as Latin-1 are two characters each.
TEST(CsvReader, HonoursGivenEncoding) {
    std::istringstream input("name\ncaf\xc3\xa9\n");
    CsvOptions options;
    options.encoding = "latin-1";
    EXPECT_EQ(parse_csv(input, "inline", options).columns[0].levels[0], "caf\xc3\x83\xc2\xa9");
    std::istringstream again("name\nx\n");
    options.encoding = "ebcdic";
    EXPECT_THROW(parse_csv(again, "inline", options), ParamError);
}

// ASCII `text` as UTF-16 with its byte-order mark.
std::string utf16(const std::string& text, bool little_endian) {
    std::string bytes = little_endian ? "\xFF\xFE" : "\xFE\xFF";
    for (const char c : text) bytes += little_endian ? std::string{c, '\0'} : std::string{'\0', c};
    return bytes;
}

// UTF-16 files with a byte-order mark, little- or big-endian, read as their UTF-8 text would, a
// character outside the basic plane (a surrogate pair) included.
TEST(CsvReader, ReadsUtf16WithByteOrderMark) {
    for (const bool little : {true, false}) {
        std::string bytes = utf16("x;label\r\n1,5;a\r\n2;", little);
        bytes += little ? std::string("\x3D\xD8\x00\xDE", 4) : std::string("\xD8\x3D\xDE\x00", 4);  // U+1F600
        bytes += utf16("\r\n", little).substr(2);
        std::istringstream input(bytes);
        const Table table = parse_csv(input, "inline");
        ASSERT_EQ(table.columns.size(), 2u);
        EXPECT_EQ(table.columns[0].name, "x");
        EXPECT_EQ(table.columns[0].numbers, (std::vector<double>{1.5, 2}));
        EXPECT_EQ(table.columns[1].levels, (std::vector<std::string>{"a", "\xF0\x9F\x98\x80"}));
        EXPECT_EQ(table.format.encoding, little ? "utf-16le" : "utf-16be");
    }
}

// `utf8` as UTF-16 with a byte-order mark; its characters may be ASCII, é and U+1F600.
std::string as_utf16(const std::string& utf8, bool little) {
    std::string bytes = little ? "\xFF\xFE" : "\xFE\xFF";
    const auto put = [&](unsigned unit) {
        const char high = static_cast<char>(unit >> 8), low = static_cast<char>(unit & 0xFF);
        bytes += little ? std::string{low, high} : std::string{high, low};
    };
    for (std::size_t k = 0; k < utf8.size();) {
        if (utf8.compare(k, 2, "\xC3\xA9") == 0) put(0xE9), k += 2;
        else if (utf8.compare(k, 4, "\xF0\x9F\x98\x80") == 0) put(0xD83D), put(0xDE00), k += 4;
        else put(static_cast<unsigned char>(utf8[k])), k += 1;
    }
    return bytes;
}

// Every block size reads what one block reads: rows, quoted delimiters and line breaks, CRLF ends
// and UTF-16 characters (a surrogate pair among them) cut anywhere by a block's end. The dialect is
// given, since detection looks at the first block only.
TEST(CsvReader, SmallBlocksReadAsOneBlock) {
    std::string text = "x;label;note\r\n";
    for (int row = 0; row < 40; ++row) {
        text += std::to_string(row) + "," + std::to_string(row % 10) + ";\"a;\"\"" + std::to_string(row % 3) +
                "\"\"\nb\";\xC3\xA9t\xC3\xA9 \xF0\x9F\x98\x80\r\n";
    }
    for (const std::string encoding : {"utf-8", "utf-16le", "utf-16be"}) {
        const std::string bytes = encoding == "utf-8" ? text : as_utf16(text, encoding == "utf-16le");
        CsvOptions options;
        options.delimiter = ';';
        options.decimal = ',';
        options.encoding = encoding;
        std::istringstream whole(bytes);
        const Table expected = parse_csv(whole, "inline", options);
        ASSERT_EQ(expected.rows, 40u);
        ASSERT_EQ(expected.columns[0].kind, ColumnKind::Numeric);
        EXPECT_EQ(expected.columns[0].numbers[12], 12.2);
        EXPECT_EQ(cell_text(expected.columns[2], 4), "\xC3\xA9t\xC3\xA9 \xF0\x9F\x98\x80");
        for (std::size_t block = 16; block <= 90; ++block) {
            SCOPED_TRACE(encoding + ", blocks of " + std::to_string(block) + " bytes");
            options.block_bytes = block;
            std::istringstream input(bytes);
            const Table table = parse_csv(input, "inline", options);
            ASSERT_EQ(table.rows, expected.rows);
            EXPECT_EQ(table.row_lines, expected.row_lines);
            for (std::size_t column = 0; column < expected.columns.size(); ++column) {
                EXPECT_EQ(table.columns[column].name, expected.columns[column].name);
                for (std::size_t row = 0; row < expected.rows; ++row)
                    EXPECT_EQ(cell_text(table.columns[column], row), cell_text(expected.columns[column], row));
            }
        }
    }
    CsvOptions tiny;
    tiny.block_bytes = 15;
    std::istringstream input(text);
    EXPECT_THROW(parse_csv(input, "inline", tiny), ParamError);
}

// The reader splits block k + 1 while it types block k: with one thread the two stages take turns,
// with two they run side by side; either way many small blocks (the ring of block buffers wraps
// over and over, long rows grow them) read what one block reads, down to the levels of a column
// that turns categorical in its last rows.
TEST(CsvReader, PipelinedBlocksReadAsOneBlock) {
    std::string text = "n;note;label;x\r\n";
    for (int row = 0; row < 3000; ++row) {
        text += std::to_string(row) + ";\"a;\"\"" + std::to_string(row % 3) + "\"\"\nb\";" +
                (row % 5 == 0 ? "" : "\xC3\xA9t\xC3\xA9 \xF0\x9F\x98\x80") + ";" +
                (row == 2900 ? "many" : std::to_string(row) + ",25") + "\r\n";
        if (row % 100 == 0) text += "\r\n";  // a blank line
    }
    for (const std::string encoding : {"utf-8", "utf-16le"}) {
        const std::string bytes = encoding == "utf-8" ? text : as_utf16(text, true);
        CsvOptions options;
        options.delimiter = ';';
        options.decimal = ',';
        std::istringstream whole(bytes);
        const Table expected = parse_csv(whole, "inline", options);
        ASSERT_EQ(expected.rows, 3000u);
        ASSERT_EQ(expected.format.encoding, encoding);
        EXPECT_EQ(expected.row_lines.back(), 2u + 2 * 2999 + 30);  // the header, two lines a row, blank lines
        EXPECT_EQ(expected.columns[3].kind, ColumnKind::Categorical);
        for (const std::size_t block : {64, 256}) {
            options.block_bytes = block;
            for (const int threads : {1, 2}) {
                SCOPED_TRACE(encoding + ", blocks of " + std::to_string(block) + ", " + std::to_string(threads) + " threads");
                expect_same_table(parse_with_threads(bytes, options, threads), expected);
            }
            SCOPED_TRACE(encoding + ", blocks of " + std::to_string(block) + ", parallelism limited to 1");
            const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
            std::istringstream input(bytes);
            expect_same_table(parse_csv(input, "inline", options), expected);
        }
    }
}

// Returning false from the progress callback stops a pipelined read with Cancelled at once: the
// callback is not called again.
TEST(CsvReader, CancelStopsThePipeline) {
    std::string text = "x,y\n";
    for (int row = 0; row < 50000; ++row) text += std::to_string(row) + "," + std::to_string(row % 3) + "\n";
    for (const int threads : {1, 2}) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        int calls = 0;
        CsvOptions options;
        options.block_bytes = 64;
        options.progress = [&](std::uint64_t, std::uint64_t) { return ++calls < 3; };
        EXPECT_THROW(parse_with_threads(text, options, threads), Cancelled);
        EXPECT_EQ(calls, 3);
    }
}

// The first error a pipelined read reports is the one a sequential read reports, wherever the
// blocks are cut: a stray quote found while splitting a late block waits for the rows before it,
// among them a short row (found while typing) or a non-number in a numeric column (reported at
// the end, so the stray quote comes first).
TEST(CsvErrors, PipelinedReadReportsTheFirstError) {
    const auto rows = [](std::size_t bad_row, const std::string& bad_text) {
        std::string text = "a,b,c\n";
        for (std::size_t line = 2; line <= 2000; ++line) {
            if (line == bad_row) text += bad_text;
            else if (line == 1900) text += "1,x\"y,3\n";  // a stray quote
            else text += std::to_string(line) + ",\"q\"\"\",7\n";
        }
        return text;
    };
    struct Case {
        std::string text;
        std::size_t line, column;
        std::string words;
    };
    const std::vector<Case> cases = {
        {rows(1890, "1,2\n"), 1890, 3, "line 1890 has 2 fields"},  // the same block as the quote
        {rows(1500, "1,2\n"), 1500, 3, "line 1500 has 2 fields"},  // a block before
        {rows(1500, "1,2,oops\n"), 1900, 2, "a quote inside an unquoted field"},
    };
    for (const Case& expected : cases) {
        CsvOptions options;
        options.numeric_columns = {"c"};
        for (const std::size_t block : {std::size_t{1} << 20, std::size_t{64}}) {
            options.block_bytes = block;
            for (const int threads : {1, 2}) {
                SCOPED_TRACE(expected.words + ", blocks of " + std::to_string(block) + ", " + std::to_string(threads) + " threads");
                try {
                    parse_with_threads(expected.text, options, threads);
                    ADD_FAILURE() << "expected a DataError";
                } catch (const DataError& error) {
                    EXPECT_EQ(error.line(), expected.line) << error.what();
                    EXPECT_EQ(error.column(), expected.column) << error.what();
                    EXPECT_NE(std::string(error.what()).find(expected.words), std::string::npos) << error.what();
                }
            }
        }
    }
}

// A NUL byte in a UTF-8 file is reported at its line and field, with a hint at UTF-16.
TEST(CsvErrorsDialect, NulByte) {
    std::istringstream input(std::string("a,b\n1,2\n3,4\0\n", 14));
    try {
        parse_csv(input, "nul.csv");
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.line(), 3u);
        EXPECT_EQ(error.column(), 2u);
        const std::string message = error.what();
        EXPECT_NE(message.find("nul.csv:3:2"), std::string::npos) << message;
        EXPECT_NE(message.find("NUL byte"), std::string::npos) << message;
        EXPECT_NE(message.find("UTF-16"), std::string::npos) << message;
    }
}

// A given decimal separator wins over detection; with a comma delimiter a decimal comma is never guessed.
TEST(CsvReader, HonoursGivenDecimal) {
    std::istringstream input("x;y\n1,5;2\n");
    CsvOptions options;
    options.decimal = '.';
    const Table table = parse_csv(input, "inline", options);
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Categorical);
    EXPECT_EQ(table.format.decimal, '.');
    std::istringstream commas("x,y\n\"1,5\",2\n");
    EXPECT_EQ(parse_csv(commas, "inline").columns[0].kind, ColumnKind::Categorical);
    std::istringstream tabs("x\ty\n-0,25\t2\n");
    EXPECT_EQ(parse_csv(tabs, "inline").columns[0].numbers, (std::vector<double>{-0.25}));
}

// A file whose first lines mix decimal points and commas keeps the point (and the comma cells are categories).
TEST(CsvReader, MixedDecimalsKeepThePoint) {
    std::istringstream input("x;y\n1,5;2.5\n3;4\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.format.decimal, '.');
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Categorical);
    EXPECT_EQ(table.columns[1].numbers, (std::vector<double>{2.5, 4}));
}

// column_index finds a column by exact name first, then by 1-based number.
TEST(TableColumnIndex, FindsByNameThenNumber) {
    std::istringstream input("x,2,z\n1,2,3\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.column_index("z"), 2u);
    EXPECT_EQ(table.column_index("2"), 1u);  // the name "2", not the second column by accident
    EXPECT_EQ(table.column_index("3"), 2u);
    EXPECT_EQ(table.column_index("1"), 0u);
}

// An unknown column name is a DataError that names the file and lists the columns.
TEST(TableColumnIndex, UnknownNameListsColumns) {
    std::istringstream input("x,y\n1,2\n");
    const Table table = parse_csv(input, "data.csv");
    try {
        table.column_index("target");
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.file(), "data.csv");
        const std::string message = error.what();
        EXPECT_NE(message.find("data.csv"), std::string::npos);
        EXPECT_NE(message.find("'target'"), std::string::npos);
        EXPECT_NE(message.find("'x', 'y'"), std::string::npos);
    }
    EXPECT_THROW(table.column_index("0"), DataError);
    EXPECT_THROW(table.column_index("3"), DataError);
}

}  // namespace
}  // namespace treelab
