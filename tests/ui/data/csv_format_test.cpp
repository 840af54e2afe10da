// The data panel's CSV format row: Delimiter, Decimal and Encoding, Auto or given,
// driven through its combos offscreen; a change re-reads the file in the background and the
// format the data were read with reaches the run card of a run trained from the window.
#include <gtest/gtest.h>

#include <string>

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"

namespace treelab {
namespace {

constexpr int kGenerous = 120000;  // ms; a safety net for a loaded machine, not a timing assertion

// A spreadsheet's export: semicolons, decimal commas ("3,5") and a class column.
std::string sheetText() {
    std::string text = "x;y;label\n";
    for (int row = 0; row < 40; ++row)
        text += std::to_string(row) + ",5;" + std::to_string(row % 7) + ";" + (row < 20 ? "a" : "b") + "\n";
    return text;
}

QString write(const test::TempDir& dir, const std::string& name, const std::string& bytes) {
    return QString::fromStdString(dir.write(name, bytes).string());
}

QComboBox* combo(const QWidget& panel, const char* name) {
    auto* found = panel.findChild<QComboBox*>(QString::fromLatin1(name));
    EXPECT_NE(found, nullptr) << name;
    return found;
}

// Chooses the item of `name` whose data is `data` and waits for the re-read it starts to end.
bool choose(DataPanel& panel, const char* name, const QVariant& data) {
    QSignalSpy ended(&panel, &DataPanel::loadEnded);
    QComboBox* box = combo(panel, name);
    const int index = box->findData(data);
    EXPECT_GE(index, 0) << name;
    box->setCurrentIndex(index);
    return ended.count() > 0 || ended.wait(kGenerous);
}

ColumnKind kindOf(const DataPanel& panel, const std::string& column) {
    return panel.table().columns.at(panel.table().column_index(column)).kind;
}

// With Auto a semicolon file with decimal commas reads as numbers and each Auto item names what
// was detected; Decimal '.' re-reads it (the decimal-comma column turns categorical, the data
// shown stay until then, the target chosen stays) and Auto again brings the numbers back.
TEST(CsvFormat, DecimalOverrideRereadsTheFileAndAutoShowsTheDetection) {
    test::TempDir dir;
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, write(dir, "sheet.csv", sheetText())));
    EXPECT_EQ(kindOf(panel, "x"), ColumnKind::Numeric);
    EXPECT_EQ(combo(panel, "csvDelimiter")->itemText(0), "Auto (;)");
    EXPECT_EQ(combo(panel, "csvDecimal")->itemText(0), "Auto (,)");
    EXPECT_EQ(combo(panel, "csvEncoding")->itemText(0), "Auto (UTF-8)");
    combo(panel, "target")->setCurrentText("y");

    QSignalSpy changed(&panel, &DataPanel::dataChanged);
    QSignalSpy ended(&panel, &DataPanel::loadEnded);
    combo(panel, "csvDecimal")->setCurrentIndex(combo(panel, "csvDecimal")->findData(static_cast<int>('.')));
    EXPECT_TRUE(panel.isLoading());
    EXPECT_EQ(kindOf(panel, "x"), ColumnKind::Numeric) << "the data shown stay until the file has been read again";
    ASSERT_TRUE(ended.wait(kGenerous));
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(kindOf(panel, "x"), ColumnKind::Categorical);
    EXPECT_EQ(kindOf(panel, "y"), ColumnKind::Numeric);
    EXPECT_EQ(combo(panel, "csvDecimal")->itemText(0), "Auto") << "nothing was detected";
    EXPECT_EQ(combo(panel, "csvDelimiter")->itemText(0), "Auto (;)");
    EXPECT_EQ(combo(panel, "target")->currentText(), "y") << "the same file read again keeps its target";
    RunConfig config;
    panel.applyTo(config);
    EXPECT_EQ(config.decimal, '.');
    EXPECT_EQ(config.target, "y");
    EXPECT_EQ(config.delimiter, 0);

    ASSERT_TRUE(choose(panel, "csvDecimal", static_cast<int>(0)));
    EXPECT_EQ(kindOf(panel, "x"), ColumnKind::Numeric);
    EXPECT_EQ(combo(panel, "csvDecimal")->itemText(0), "Auto (,)");
}

// A re-read that fails (a comma as delimiter makes the rows ragged) shows the reader's message
// without blocking and keeps the data shown, whose format is still what a run uses; Auto again
// reads the file as before.
TEST(CsvFormat, FailedRereadKeepsTheDataShown) {
    test::TempDir dir;
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, write(dir, "sheet.csv", sheetText())));
    QSignalSpy changed(&panel, &DataPanel::dataChanged);
    ASSERT_TRUE(choose(panel, "csvDelimiter", static_cast<int>(',')));
    EXPECT_EQ(changed.count(), 0);
    ASSERT_FALSE(panel.findChildren<QMessageBox*>().isEmpty());
    EXPECT_TRUE(panel.findChildren<QMessageBox*>().front()->text().contains("fields")) << "the reader's message";
    EXPECT_EQ(panel.table().format.delimiter, ';');
    RunConfig config;
    panel.applyTo(config);
    EXPECT_EQ(config.delimiter, 0) << "the data shown were read with Auto";

    ASSERT_TRUE(choose(panel, "csvDelimiter", static_cast<int>(0)));
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(kindOf(panel, "x"), ColumnKind::Numeric);
}

// UTF-16 without a byte-order mark fails with Auto (a non-modal message, the data shown stay);
// choosing UTF-16 LE then reads that file, and the next file opened starts from Auto again.
TEST(CsvFormat, EncodingOverrideRetriesTheFileThatFailed) {
    test::TempDir dir;
    std::string wide;
    for (const char c : sheetText()) wide += std::string{c, '\0'};
    const QString wideFile = write(dir, "wide.csv", wide);
    const QString glass = test::glass_file();
    DataPanel panel;
    ASSERT_TRUE(test::load_data(panel, glass));
    EXPECT_FALSE(test::load_data(panel, wideFile));
    EXPECT_EQ(panel.file(), glass);
    ASSERT_FALSE(panel.findChildren<QMessageBox*>().isEmpty());
    EXPECT_TRUE(panel.findChildren<QMessageBox*>().front()->text().contains("UTF-16"));

    ASSERT_TRUE(choose(panel, "csvEncoding", QStringLiteral("utf-16le")));
    EXPECT_EQ(panel.file(), wideFile);
    EXPECT_EQ(panel.table().format.encoding, "utf-16le");
    EXPECT_EQ(kindOf(panel, "x"), ColumnKind::Numeric);
    EXPECT_EQ(combo(panel, "csvEncoding")->itemText(0), "Auto");
    EXPECT_EQ(combo(panel, "csvDecimal")->itemText(0), "Auto (,)");

    ASSERT_TRUE(test::load_data(panel, glass));
    EXPECT_EQ(combo(panel, "csvEncoding")->currentIndex(), 0) << "another file starts from Auto";
    EXPECT_EQ(combo(panel, "csvEncoding")->itemText(0), "Auto (UTF-8)");
}

// A run trained from the window reads the file as the panel did: Decimal '.' on the spreadsheet
// file reaches the run card (data_decimal, and --decimal in its command) as treelab-cli's does.
TEST(CsvFormat, OverrideReachesTheRunCard) {
    QSettings().clear();
    test::TempDir dir;
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    DataPanel& panel = *window.dataPanel();
    ASSERT_TRUE(test::load_data(panel, write(dir, "sheet.csv", sheetText())));
    ASSERT_TRUE(choose(panel, "csvDecimal", static_cast<int>('.')));
    window.methodPanel()->setMethod("cart");
    QSignalSpy done(&window, &MainWindow::trainingDone);
    window.train();
    ASSERT_TRUE(done.count() > 0 || done.wait(kGenerous));
    ASSERT_EQ(window.resultsPanel()->runCount(), 1);
    const RunCard& card = window.resultsPanel()->run(0)->model.card;
    EXPECT_EQ(card.data_delimiter, ";");
    EXPECT_EQ(card.data_decimal, ".");
    EXPECT_EQ(card.data_encoding, "utf-8");
    EXPECT_NE(card.command_line.find("--decimal ."), std::string::npos) << card.command_line;
    EXPECT_EQ(card.command_line.find("--delimiter"), std::string::npos) << card.command_line;
}

}  // namespace
}  // namespace treelab
