// csv_field and csv_fields: a field written and read back is the same text.
#include <gtest/gtest.h>

#include "core/io/csv_field.h"

namespace treelab {
namespace {

// Plain, quoted (comma, quote) and empty fields, and a last empty one, read back as written.
TEST(CsvFields, ReadBackWhatCsvFieldWrites) {
    const std::vector<std::string> fields = {"start", "a,b", "say \"hi\"", "", "U(80,120)", "scale factor α", ""};
    std::string line;
    for (const std::string& field : fields) line += (line.empty() && &field == &fields.front() ? "" : ",") + csv_field(field);
    const auto read = csv_fields(line);
    ASSERT_TRUE(read);
    EXPECT_EQ(*read, fields);
    EXPECT_EQ(*csv_fields("1,2\r"), (std::vector<std::string>{"1", "2"})) << "a CRLF line end";
    EXPECT_EQ(*csv_fields(""), (std::vector<std::string>{""}));
}

// A quote left open, or text after a closing quote, is no line csv_field wrote.
TEST(CsvFields, RefuseBrokenQuotes) {
    EXPECT_FALSE(csv_fields("1,\"open"));
    EXPECT_FALSE(csv_fields("\"a\"b,2"));
}

}  // namespace
}  // namespace treelab
