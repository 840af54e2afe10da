#include <sstream>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/error.h"
#include "core/export/rows_csv.h"

namespace treelab {
namespace {

Table small_table() {
    std::istringstream text("name,size,kind\n\"a, b\",1.50,x\nc,,y\nd,3,\"q\"\"z\"\n");
    return parse_csv(text, "small.csv");
}

// The chosen rows come out in the given order, texts as written in the file and numbers as their
// shortest text (1.50 as 1.5: the reader keeps numbers, not their spelling), quoted when needed,
// missing cells empty; the CSV reads back to the same cells.
TEST(RowsCsv, WritesChosenRowsAsInTheFile) {
    const Table table = small_table();
    const std::string csv = table_rows_csv(table, {2, 0, 1});
    EXPECT_EQ(csv, "name,size,kind\nd,3,\"q\"\"z\"\n\"a, b\",1.5,x\nc,,y\n");
    std::istringstream back(csv);
    const Table reread = parse_csv(back, "back.csv");
    EXPECT_EQ(reread.rows, 3u);
    EXPECT_EQ(cell_text(reread.columns[0], 1), "a, b");
}

// No rows gives the header alone; a row outside the table is an error.
TEST(RowsCsv, HeaderOnlyAndBadRow) {
    const Table table = small_table();
    EXPECT_EQ(table_rows_csv(table, {}), "name,size,kind\n");
    EXPECT_THROW(table_rows_csv(table, {3}), Error);
}

}  // namespace
}  // namespace treelab
