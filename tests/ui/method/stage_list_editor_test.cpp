// StageListEditor in the generated form, driven by real clicks and key presses, offscreen: the
// table, presets, preview and text of GET's scale-factor schedule stay in step.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <qcustomplot.h>

#include "core/learners/learner.h"
#include "ui/method/param_form.h"

namespace treelab {
namespace {

// The generated form of GET, shown so that cells have places to click.
struct ShownForm {
    ParamForm form{find_learner("get").params};
    QTableWidget* table = nullptr;
    QLineEdit* text = nullptr;
    QComboBox* preset = nullptr;

    ShownForm() {
        form.resize(520, 700);
        form.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&form));
        table = form.findChild<QTableWidget*>("scheduleStages");
        text = form.findChild<QLineEdit*>("schedule");
        preset = form.findChild<QComboBox*>("schedulePreset");
    }

    QString cell(int row, int column) const { return table->item(row, column) ? table->item(row, column)->text() : QString(); }

    // Opens the cell's editor with F2, replaces its text by typing and commits with Return (keys,
    // not clicks: successive clicks on cells would read as double-clicks).
    void type(int row, int column, const QString& typed) {
        table->setCurrentCell(row, column);
        QTest::keyClick(table, Qt::Key_F2);
        QLineEdit* editor = nullptr;  // the open one: closed editors wait for the event loop to delete them
        for (QLineEdit* child : table->viewport()->findChildren<QLineEdit*>())
            if (child->isVisible()) editor = child;
        ASSERT_NE(editor, nullptr);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(editor, Qt::Key_Backspace);
        QTest::keyClicks(editor, typed);
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();  // the delegate commits a Return by a queued call
    }

    void retype(const QString& typed) {
        text->clear();
        QTest::keyClicks(text, typed);
    }
};

// The form picks the editor from the description: the default preset fills the table and the preview.
TEST(StageListEditor, ShowsTheDefaultPresetAsStages) {
    ShownForm shown;
    ASSERT_NE(shown.table, nullptr);
    ASSERT_NE(shown.preset, nullptr);
    EXPECT_EQ(shown.text->text(), "paper");
    EXPECT_EQ(shown.preset->currentText(), "paper");
    ASSERT_EQ(shown.table->rowCount(), 2);
    EXPECT_EQ(shown.cell(1, 0), "50");
    EXPECT_EQ(shown.cell(1, 1), "150");
    EXPECT_EQ(shown.cell(1, 2), "3000");
    auto* preview = shown.form.findChild<QCustomPlot*>("schedulePreview");
    ASSERT_NE(preview, nullptr);
    EXPECT_EQ(preview->graph(0)->data()->size(), 4) << "two points per stage";
    EXPECT_EQ(preview->graph(1)->channelFillGraph(), preview->graph(0)) << "a range is drawn as a band";
}

// Editing cells writes the CLI's text; stages equal to a preset show its name; a blank 'to' is a fixed α.
TEST(StageListEditor, EditingTheTableWritesTheText) {
    ShownForm shown;
    shown.type(1, 0, "80");
    shown.type(1, 1, "120");
    EXPECT_EQ(shown.text->text(), "U(5,25):3000,U(80,120):3000");
    EXPECT_EQ(shown.preset->currentText(), "code");
    shown.type(1, 1, "");
    shown.type(0, 2, "500");
    EXPECT_EQ(shown.text->text(), "U(5,25):500,80:3000");
    EXPECT_EQ(shown.preset->currentText(), "Custom");
    EXPECT_TRUE(shown.form.invalidFields().isEmpty());
    EXPECT_EQ(shown.form.values().text("schedule"), "U(5,25):500,80:3000");
}

// Add copies the last stage; Remove drops the selected one and is disabled at one stage.
TEST(StageListEditor, AddsAndRemovesStages) {
    ShownForm shown;
    auto* add = shown.form.findChild<QPushButton*>("scheduleAddStage");
    auto* remove = shown.form.findChild<QPushButton*>("scheduleRemoveStage");
    QTest::mouseClick(add, Qt::LeftButton);
    EXPECT_EQ(shown.text->text(), "U(5,25):3000,U(50,150):3000,U(50,150):3000");
    QTest::mouseClick(shown.table->viewport(), Qt::LeftButton, {}, shown.table->visualRect(shown.table->model()->index(0, 0)).center());
    QTest::mouseClick(remove, Qt::LeftButton);
    EXPECT_EQ(shown.text->text(), "U(50,150):3000,U(50,150):3000");
    QTest::mouseClick(remove, Qt::LeftButton);
    EXPECT_EQ(shown.table->rowCount(), 1);
    EXPECT_FALSE(remove->isEnabled());
}

// A preset chosen by keyboard sets the text to its name and its stages in the table; Custom spells
// the stages out for editing.
TEST(StageListEditor, PresetsFillTheTable) {
    ShownForm shown;
    QTest::keyClicks(shown.preset, "code");
    EXPECT_EQ(shown.text->text(), "code");
    EXPECT_EQ(shown.cell(1, 0), "80");
    QTest::keyClick(shown.preset, Qt::Key_Home);
    EXPECT_EQ(shown.text->text(), "U(5,25):3000,U(80,120):3000");
}

// Typed text fills the table; a text the core refuses shows the parser's message under the field
// and the table keeps the last text that parsed (here the prefix "30:100" typed on the way); a
// cell that is not a number is flagged in the editor.
TEST(StageListEditor, BadTextShowsTheParsersMessage) {
    ShownForm shown;
    shown.retype("30:100,U(1,2):50");
    ASSERT_EQ(shown.table->rowCount(), 2);
    EXPECT_EQ(shown.cell(0, 1), "") << "a fixed α has no 'to'";
    EXPECT_EQ(shown.cell(1, 1), "2");
    shown.retype("30:100,U(2,1):50");
    EXPECT_EQ(shown.form.invalidFields(), QStringList{"schedule"});
    auto* message = shown.form.findChild<QLabel*>("scheduleMessage");
    EXPECT_FALSE(message->isHidden());
    EXPECT_TRUE(message->text().contains("stage 2: U(2,1) has its low end above its high end")) << message->text().toStdString();
    ASSERT_EQ(shown.table->rowCount(), 1);
    EXPECT_EQ(shown.cell(0, 0), "30");

    shown.retype("30:100");
    shown.type(0, 0, "abc");
    auto* cellMessage = shown.form.findChild<QLabel*>("scheduleStageMessage");
    EXPECT_FALSE(cellMessage->isHidden());
    EXPECT_EQ(cellMessage->text(), "Stage 1: 'abc' is not a number.");
    EXPECT_EQ(shown.text->text(), "30:100");
}

}  // namespace
}  // namespace treelab
