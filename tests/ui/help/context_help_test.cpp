// F1 on the workbench: a hyperparameter field of the method panel opens the manual at its row of
// command-line.md (the table `treelab-cli params NAME --markdown` generates), scrolled into view
// and highlighted; the data panel opens data.md. Real key events on the real window, offscreen.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QTextBrowser>
#include <QTextTable>

#include "ui/data/data_panel.h"
#include "ui/help/manual_window.h"
#include "ui/main_window.h"
#include "ui/method/log_slider.h"
#include "ui/method/method_panel.h"
#include "ui/method/param_form.h"

namespace treelab {
namespace {

QString cellText(QTextTable* table, int row, int column) {
    QTextCursor cursor = table->cellAt(row, column).firstCursorPosition();
    cursor.setPosition(table->cellAt(row, column).lastCursorPosition().position(), QTextCursor::KeepAnchor);
    return cursor.selectedText().trimmed();
}

void pressF1On(MainWindow& window, QWidget* field) {
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    field->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(field, Qt::Key_F1);
}

// Every learner, a spin box, a line edit and a log slider of its form: F1 lands on the field's row
// of the learner's table, in view, with that row (and no other) highlighted.
TEST(ContextHelp, F1OnAParameterFieldOpensItsRow) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto* methods = window.methodPanel()->findChild<QComboBox*>("method");
    int checked = 0;
    for (int m = 0; m < methods->count(); ++m) {
        methods->setCurrentIndex(m);
        const QString learner = window.methodPanel()->method();
        ParamForm* form = window.methodPanel()->form();
        QList<QWidget*> fields;
        for (QSpinBox* box : form->findChildren<QSpinBox*>())
            if (!box->objectName().isEmpty()) { fields.append(box); break; }
        for (QLineEdit* edit : form->findChildren<QLineEdit*>())
            if (!edit->objectName().isEmpty() && !edit->objectName().startsWith("qt_")) { fields.append(edit); break; }
        for (LogSlider* slider : form->findChildren<LogSlider*>()) { fields.append(slider); break; }
        for (QWidget* field : fields) {
            SCOPED_TRACE((learner + " " + field->objectName()).toStdString());
            pressF1On(window, field);
            auto* manual = window.findChild<ManualWindow*>();
            ASSERT_NE(manual, nullptr);
            EXPECT_TRUE(manual->isVisible());
            ASSERT_EQ(manual->currentPage(), "command-line.md");
            auto* browser = manual->findChild<QTextBrowser*>("manualPage");
            const QTextCursor at = browser->textCursor();
            QTextTable* table = at.currentTable();
            ASSERT_NE(table, nullptr);
            EXPECT_EQ(cellText(table, 0, 0), learner + " parameter");
            const int row = table->cellAt(at).row();
            const QVariant key = field->property("hyperparameter");
            EXPECT_EQ(cellText(table, row, 0), key.isValid() ? key.toString() : field->objectName());
            EXPECT_TRUE(browser->viewport()->rect().contains(browser->cursorRect(at))) << "the row is out of view";
            const QList<QTextEdit::ExtraSelection> marks = browser->extraSelections();
            ASSERT_EQ(marks.size(), 1);
            int firstRow = -1, rows = 0, firstColumn = 0, columns = 0;
            marks.front().cursor.selectedTableCells(&firstRow, &rows, &firstColumn, &columns);
            EXPECT_EQ(firstRow, row);
            EXPECT_EQ(rows, 1);
            EXPECT_EQ(columns, table->columns());
            ++checked;
        }
    }
    EXPECT_GE(checked, methods->count());
}

// F1 in the data panel opens the data page; the same manual window, not a second one.
TEST(ContextHelp, F1OnTheDataPanelOpensTheDataPage) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    pressF1On(window, window.dataPanel()->findChild<QComboBox*>());
    pressF1On(window, window.dataPanel()->findChild<QComboBox*>());
    const QList<ManualWindow*> manuals = window.findChildren<ManualWindow*>();
    ASSERT_EQ(manuals.size(), 1);
    EXPECT_EQ(manuals.front()->currentPage(), "data.md");
}

}  // namespace
}  // namespace treelab
