// The data panel's "Cells" row: Thousands, Percent and Dates, Auto or given, chosen with clicks on
// their combos offscreen; a choice re-plans the Columns table from the table loaded, reaches the
// run card of a run trained from the window, and a project's form keeps it.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <QAbstractItemView>
#include <QComboBox>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"

namespace treelab {
namespace {

// A spreadsheet's export: slashed dates whose days are all 12 or less (day-first or month-first
// cannot be told), percentages in 8 levels, amounts with a thousands comma, and a class column.
std::string sheetText() {
    std::string text = "when,rate,amount,x,label\n";
    for (int row = 0; row < 40; ++row) {
        const int amount = 1000 + row * 1237;
        char line[96];
        std::snprintf(line, sizeof line, "%02d/%02d/2020,%d%%,\"%d,%03d\",%d,%s\n", row % 12 + 1, row * 5 % 12 + 1,
                      row % 8 * 10 + 5, amount / 1000, amount % 1000, row % 7, row < 20 ? "a" : "b");
        text += line;
    }
    return text;
}

QString writeSheet(const test::TempDir& dir) { return QString::fromStdString(dir.write("sheet.csv", sheetText()).string()); }

QComboBox* combo(const QWidget& panel, const char* name) {
    auto* found = panel.findChild<QComboBox*>(QString::fromLatin1(name));
    EXPECT_NE(found, nullptr) << name;
    return found;
}

// As a user picks a choice: a click opens the combo's list, a click on the item takes it. True
// when the combo then shows that item.
bool clickChoice(const QWidget& panel, const char* name, const QString& item) {
    QComboBox* box = combo(panel, name);
    if (!box) return false;
    const int index = box->findText(item);
    EXPECT_GE(index, 0) << name << ": no item " << item.toStdString();
    QTest::mouseClick(box, Qt::LeftButton);
    QAbstractItemView* list = box->view();
    if (!QTest::qWaitFor([list] { return list->isVisible(); })) return false;
    const QPoint at = list->visualRect(list->model()->index(index, box->modelColumn())).center();
    QTest::mouseMove(list->viewport(), at);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, at);
    return box->currentIndex() == index;
}

// What the Columns table says the column becomes in the run.
QString planOf(const QWidget& panel, const QString& column) {
    const auto* columns = panel.findChild<QTableWidget*>(QStringLiteral("columnSummary"));
    for (int row = 0; columns && row < columns->rowCount(); ++row)
        if (columns->item(row, 0)->text() == column) return columns->item(row, 3)->text();
    ADD_FAILURE() << "no row for " << column.toStdString();
    return {};
}

// Auto leaves slashed dates whose order no day shows as text; Day first reads them as dates at
// once (no re-read of the file), says so in the Columns table, and a run trained from the window
// records the choice in its card, its command and the reading of that column.
TEST(CellReading, DayFirstReadsAmbiguousDatesAndReachesTheRunCard) {
    test::TempDir dir;
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    DataPanel& panel = *window.dataPanel();
    ASSERT_TRUE(test::load_data(panel, writeSheet(dir)));
    EXPECT_EQ(planOf(panel, "when"), "text, 12 levels (one-hot)");

    QSignalSpy settings(&panel, &DataPanel::settingsChanged);
    ASSERT_TRUE(clickChoice(panel, "cellDates", "Day first"));
    EXPECT_FALSE(panel.isLoading()) << "the plan comes from the table loaded";
    EXPECT_EQ(settings.count(), 1);
    EXPECT_TRUE(planOf(panel, "when").startsWith("date (day/month/year)")) << planOf(panel, "when").toStdString();

    window.methodPanel()->setMethod("cart");
    ASSERT_TRUE(test::train_and_wait(window));
    ASSERT_EQ(window.resultsPanel()->runCount(), 1);
    const RunCard& card = window.resultsPanel()->run(0)->model.card;
    EXPECT_EQ(card.data_reading, "thousands auto, percent auto, dates dmy");
    EXPECT_NE(card.data_columns.find("when: date"), std::string::npos) << card.data_columns;
    EXPECT_NE(card.command_line.find("--dates dmy"), std::string::npos) << card.command_line;
}

// Percentages read as fractions by Auto; As text leaves "98%" as text, which the plan says.
TEST(CellReading, PercentAsTextLeavesPercentagesAsText) {
    test::TempDir dir;
    DataPanel panel;
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    ASSERT_TRUE(test::load_data(panel, writeSheet(dir)));
    EXPECT_EQ(planOf(panel, "rate"), "percentage (98% = 0.98)");
    ASSERT_TRUE(clickChoice(panel, "cellPercent", "As text"));
    EXPECT_EQ(planOf(panel, "rate"), "text, 8 levels (one-hot)");
    RunConfig config;
    panel.applyTo(config);
    EXPECT_FALSE(config.reading.percent);
}

// A project's form keeps the choices: what applyTo writes, a panel opening the project's data
// (openFileWithSettings) shows and plans with, and setFrom sets them back after they changed.
TEST(CellReading, ProjectRoundTripKeepsTheChoices) {
    test::TempDir dir;
    const QString file = writeSheet(dir);
    RunConfig saved;
    {
        DataPanel panel;
        panel.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
        ASSERT_TRUE(test::load_data(panel, file));
        ASSERT_TRUE(clickChoice(panel, "cellDates", "Month first"));
        ASSERT_TRUE(clickChoice(panel, "cellPercent", "As text"));
        ASSERT_TRUE(clickChoice(panel, "cellThousands", "None"));
        panel.applyTo(saved);
    }
    EXPECT_EQ(saved.reading.dates, CellReadingOptions::Dates::MonthFirst);
    EXPECT_FALSE(saved.reading.percent);
    EXPECT_EQ(saved.reading.thousands, CellReadingOptions::kNoGrouping);

    DataPanel opened;
    opened.show();
    QSignalSpy ended(&opened, &DataPanel::loadEnded);
    opened.openFileWithSettings(file, saved);
    ASSERT_TRUE(ended.count() > 0 || ended.wait(120000));
    EXPECT_EQ(combo(opened, "cellDates")->currentText(), "Month first");
    EXPECT_EQ(combo(opened, "cellPercent")->currentText(), "As text");
    EXPECT_EQ(combo(opened, "cellThousands")->currentText(), "None");
    EXPECT_TRUE(planOf(opened, "when").startsWith("date (month/day/year)")) << planOf(opened, "when").toStdString();
    EXPECT_EQ(planOf(opened, "amount"), "left out: identifier-like: 40 distinct values in 40 cells");
    RunConfig again;
    opened.applyTo(again);
    EXPECT_EQ(again.reading, saved.reading);

    RunConfig automatic = again;
    automatic.reading = {};
    opened.setFrom(automatic);
    EXPECT_EQ(combo(opened, "cellDates")->currentText(), "Auto");
    EXPECT_EQ(planOf(opened, "amount"), "number with thousands separator ','");
    opened.setFrom(saved);
    EXPECT_EQ(combo(opened, "cellDates")->currentText(), "Month first");
    EXPECT_TRUE(planOf(opened, "when").startsWith("date (month/day/year)"));
}

}  // namespace
}  // namespace treelab
