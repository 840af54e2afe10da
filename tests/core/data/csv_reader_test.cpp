#include "core/data/csv_reader.h"

#include <cmath>
#include <sstream>

#include <gtest/gtest.h>

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

// A header with more semicolons than commas makes ';' the delimiter, and commas become data.
TEST(CsvReader, DetectsSemicolonDelimiter) {
    const Table table = read("semicolon.csv");
    ASSERT_EQ(table.columns.size(), 3u);
    EXPECT_EQ(table.columns[0].kind, ColumnKind::Categorical);  // "1,5" is not a number
    EXPECT_EQ(table.columns[0].levels[0], "1,5");
    EXPECT_EQ(table.columns[1].kind, ColumnKind::Numeric);
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

// Bytes that are not UTF-8 are kept as they are.
TEST(CsvReader, AcceptsNonUtf8Bytes) {
    std::istringstream input("name\ncaf\xe9\n");
    const Table table = parse_csv(input, "inline");
    EXPECT_EQ(table.columns[0].levels[0], "caf\xe9");
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
