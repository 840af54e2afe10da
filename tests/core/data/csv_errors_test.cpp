#include <sstream>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

CsvOptions numeric(const std::string& column) {
    CsvOptions options;
    options.numeric_columns = {column};
    return options;
}

struct Expected {
    std::size_t line, column;
    std::string words;  // a part of the sentence
};

// Reads tests/data/csv/<name> and checks the DataError's position and that its message names the file and line.
void expect_data_error(const std::string& name, const Expected& expected, const CsvOptions& options = {}) {
    const std::string path = test::test_data("csv/" + name).string();
    try {
        read_csv(path, options);
        ADD_FAILURE() << name << ": expected a DataError";
    } catch (const DataError& error) {
        const std::string message = error.what();
        EXPECT_EQ(error.file(), path);
        EXPECT_EQ(error.line(), expected.line) << message;
        EXPECT_EQ(error.column(), expected.column) << message;
        EXPECT_NE(message.find(name), std::string::npos) << message;
        if (expected.line > 0) {
            EXPECT_NE(message.find(":" + std::to_string(expected.line)), std::string::npos) << message;
        }
        EXPECT_NE(message.find(expected.words), std::string::npos) << message;
    }
}

// An empty file has no line to point at.
TEST(CsvErrors, EmptyFile) { expect_data_error("empty.csv", {0, 0, "file is empty"}); }

// A header without data rows points at the header.
TEST(CsvErrors, HeaderOnly) { expect_data_error("header_only.csv", {1, 0, "has a header but no data rows"}); }

// A short row is reported at its line and at the first missing field; blank lines count.
TEST(CsvErrors, RaggedRow) { expect_data_error("ragged.csv", {8, 5, "line 8 has 4 fields, the header has 5"}); }

// A long row points at its first extra field.
TEST(CsvErrors, RowWithExtraField) {
    std::istringstream input("a,b\n1,2\n3,4,5\n");
    try {
        parse_csv(input, "inline.csv");
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.file(), "inline.csv");
        EXPECT_EQ(error.line(), 3u);
        EXPECT_EQ(error.column(), 3u);
        const std::string message = error.what();
        EXPECT_NE(message.find("inline.csv:3:3"), std::string::npos) << message;
        EXPECT_NE(message.find("line 3 has 3 fields, the header has 2"), std::string::npos) << message;
    }
}

// A file holding only a byte-order mark and blank lines is empty.
TEST(CsvErrors, OnlyByteOrderMark) {
    std::istringstream input("\xEF\xBB\xBF\n\n");
    try {
        parse_csv(input, "bom_only.csv");
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_EQ(error.line(), 0u);
        EXPECT_NE(std::string(error.what()).find("bom_only.csv: the file is empty"), std::string::npos);
    }
}

// An unclosed quote is reported where it opened, not at the end of the file.
TEST(CsvErrors, UnterminatedQuote) { expect_data_error("unterminated_quote.csv", {4, 3, "never closed"}); }

// A quote inside an unquoted field is rejected at its line and field.
TEST(CsvErrors, StrayQuote) { expect_data_error("stray_quote.csv", {3, 2, "quote"}); }

// Two columns with one name would make column lookup ambiguous.
TEST(CsvErrors, DuplicateColumnName) { expect_data_error("duplicate_name.csv", {1, 3, "'a' appears twice"}); }

// Every column needs a name.
TEST(CsvErrors, EmptyColumnName) { expect_data_error("empty_name.csv", {1, 2, "has no name"}); }

// "inf" in an otherwise numeric column is an error rather than a silent category or infinity.
TEST(CsvErrors, NonFiniteNumber) {
    expect_data_error("non_finite.csv", {3, 2, "non-finite value 'inf' in numeric column 'y'"});
}

// A column the caller requires numeric names the first cell that is not a number.
TEST(CsvErrors, NonNumericValueInNumericColumn) {
    expect_data_error("non_numeric.csv", {4, 2, "value 'abc' in column 'y' is not a number"}, numeric("y"));
}

// Requiring a column that does not exist lists the columns.
TEST(CsvErrors, RequiredNumericColumnMissing) {
    expect_data_error("non_numeric.csv", {1, 0, "the columns are 'x', 'y'"}, numeric("z"));
}

// A file that does not exist is a DataError naming it.
TEST(CsvErrors, MissingFile) {
    try {
        read_csv(test::test_data("csv/no_such_file.csv"));
        FAIL() << "expected DataError";
    } catch (const DataError& error) {
        EXPECT_NE(std::string(error.what()).find("no_such_file.csv"), std::string::npos);
        EXPECT_EQ(error.line(), 0u);
    }
}

}  // namespace
}  // namespace treelab
