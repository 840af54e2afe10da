#include <gtest/gtest.h>

#include "core/learners/learner.h"
#include "core/run/row_set.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

PreparedData glass() {
    RunConfig config;
    config.data_file = test::dataset("glass.csv");
    config.target = "Type";
    config.params = ParamValues(find_learner("cart").params);
    return prepare_data(config);
}

// Each set holds its split's rows with their table rows; all = train, valid, test, 214 rows in all.
TEST(RowSet, SplitsAndAllKeepTheirTableRows) {
    const PreparedData data = glass();
    const RoutedRows test = routed_rows(data, RowSet::Test);
    EXPECT_EQ(test.table_rows, data.split.test);
    EXPECT_EQ(test.X, data.test.X);
    EXPECT_EQ(test.classes, data.train.classes());
    const RoutedRows all = routed_rows(data, RowSet::All);
    EXPECT_EQ(rows_in(data, RowSet::All), 214);
    ASSERT_EQ(all.X.rows(), 214);
    EXPECT_EQ(all.table_rows.size(), 214u);
    EXPECT_EQ(all.table_rows.front(), data.split.train.front());
    EXPECT_EQ(all.table_rows.back(), data.split.test.back());
    EXPECT_EQ(all.X.bottomRows(data.test.rows()), data.test.X);
    EXPECT_EQ(rows_in(data, RowSet::Valid), data.valid.rows());
}

// One table row, found alone, is the row routed_rows holds for it; a row past the table is in no split.
TEST(RowSet, OneRowAsAllRowsHoldIt) {
    const PreparedData data = glass();
    const RoutedRows all = routed_rows(data, RowSet::All);
    for (Eigen::Index k = 0; k < all.X.rows(); ++k) {
        const std::optional<RoutedRow> row = routed_row(data, all.table_rows[static_cast<std::size_t>(k)]);
        ASSERT_TRUE(row.has_value());
        EXPECT_EQ(row->x, all.X.row(k));
        EXPECT_EQ(row->y, all.y(k));
    }
    EXPECT_FALSE(routed_row(data, 214).has_value());
}

// Captions name the set and its size.
TEST(RowSet, Descriptions) {
    EXPECT_EQ(describe_rows(RowSet::All, 214), "all 214 rows");
    EXPECT_EQ(describe_rows(RowSet::Test, 43), "the 43 test rows");
}

}  // namespace
}  // namespace treelab
