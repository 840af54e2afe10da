// The Compare tab's data-set list chooses each added file's target as the data panel does, from the
// file's first lines read as the whole file will be: letter's text column "lettr", not its last
// numeric column; glass's "Type" by its name; a target given is kept.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QTableWidget>

#include "tests/support/test_support.h"
#include "ui/compare/data_set_list.h"

namespace treelab {
namespace {

QString shipped(const std::string& name) { return QString::fromStdString(test::dataset(name).string()); }

TEST(DataSetList, AddedFilesTakeTheTargetTheDataPanelWouldChoose) {
    DataSetList list;
    ASSERT_TRUE(list.addFile(shipped("letterrecognition.csv")));
    ASSERT_TRUE(list.addFile(shipped("glass.csv")));
    ASSERT_TRUE(list.addFile(shipped("iris.csv"), "sepal_width"));
    // row 0 is the data set loaded in the data panel; the added files follow
    ASSERT_EQ(list.table()->rowCount(), 4);
    const auto choice = [&](int row) { return qobject_cast<QComboBox*>(list.table()->cellWidget(row, 1)); };
    for (const int row : {1, 2, 3}) ASSERT_NE(choice(row), nullptr) << row;
    EXPECT_EQ(choice(1)->currentText(), "lettr");
    EXPECT_EQ(choice(1)->count(), 17);
    EXPECT_EQ(choice(2)->currentText(), "Type");
    EXPECT_EQ(choice(3)->currentText(), "sepal_width");
}

}  // namespace
}  // namespace treelab
