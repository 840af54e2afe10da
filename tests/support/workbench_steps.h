#pragma once
// What a user does in the workbench, for tests and benches that go through it: open a file and
// wait for the background read, train and wait for the run, select a run in Results with a click,
// choose a menu command with two clicks; answer the file dialog or question a command opens.
// Each runs the event loop as a user's session would; the waits are safety nets, not timings.
#include <memory>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QObject>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTest>
#include <QTimer>

#include "tests/support/test_support.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/results/results_panel.h"

namespace treelab::test {

// The shipped glass.csv, the data set most GUI tests start from.
inline QString glass_file() { return QString::fromStdString(dataset("glass.csv").string()); }

// Opens `file` in the panel and waits for the read to end; true when it replaced the data.
inline bool load_data(DataPanel& panel, const QString& file, int timeout_ms = 120000) {
    bool loaded = false;
    QEventLoop loop;
    QObject::connect(&panel, &DataPanel::dataChanged, &loop, [&loaded] { loaded = true; });
    QObject::connect(&panel, &DataPanel::loadEnded, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
    panel.openFile(file);
    if (panel.isLoading()) loop.exec();
    return loaded;
}

// Starts a run from the panels (MainWindow::train, what the Train button calls) and waits for it
// to end; true when it ended (finished or failed).
inline bool train_and_wait(MainWindow& window) {
    QSignalSpy done(&window, &MainWindow::trainingDone);
    window.train();
    return done.count() > 0 || done.wait(300000);
}

// The Results tab's list of runs (not a table of its detail view); null when it is not found.
inline QTableWidget* run_list(MainWindow& window) {
    for (auto* table : window.resultsPanel()->findChildren<QTableWidget*>())
        if (table->rowCount() == window.resultsPanel()->runCount() && table->rowCount() > 0 && table->item(0, 0) &&
            table->item(0, 0)->text() == window.resultsPanel()->runName(0))
            return table;
    return nullptr;
}

// Selects the results row as a user does, with a click on its first cell; true when it is selected.
inline bool click_run(MainWindow& window, int row) {
    window.tabs()->setCurrentWidget(window.resultsPanel());
    QTableWidget* list = run_list(window);
    if (!list || !QTest::qWaitFor([&] { return list->isVisible() && list->viewport()->height() > 0; })) return false;
    QApplication::processEvents();  // the table laid out in the tab just shown
    list->scrollToItem(list->item(row, 0));
    const QRect cell = list->visualRect(list->model()->index(row, 0));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, cell.center());
    return window.resultsPanel()->currentRow() == row;
}

// Clicks the window's menu holding `action` in the menu bar, then the action in the menu that
// opens; true when the menu opened and the click reached the action.
inline bool choose_from_menu(QMainWindow& window, QAction* action) {
    if (!action) return false;
    QMenuBar* bar = window.menuBar();
    for (QAction* title : bar->actions()) {
        QMenu* menu = title->menu();
        if (!menu || !menu->actions().contains(action)) continue;
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(title).center());
        if (!QTest::qWaitFor([menu] { return menu->isVisible(); })) return false;
        bool triggered = false;
        const QMetaObject::Connection seen = QObject::connect(action, &QAction::triggered, [&triggered] { triggered = true; });
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        QObject::disconnect(seen);
        return triggered;
    }
    return false;
}

// Calls `act` with the active modal window once it is a `Dialog`, looking every 50 ms while
// `window` lives: the dialog a command opens with exec() runs its own event loop, so the answer
// has to be set up before the command.
template <typename Dialog, typename Act>
void when_modal(QWidget& window, Act act) {
    QTimer::singleShot(50, &window, [&window, act] {
        if (auto* dialog = qobject_cast<Dialog*>(QApplication::activeModalWidget())) act(dialog);
        else when_modal<Dialog>(window, act);
    });
}

// Answers the next file dialog as a user does: moves the file type box `type_steps` down, types
// `file` in the name field and presses Return. The flag returned becomes true once it did (a
// dialog without Qt's own fields is cancelled).
inline std::shared_ptr<bool> answer_next_file_dialog(QWidget& window, const QString& file, int type_steps = 0) {
    auto typed = std::make_shared<bool>(false);
    when_modal<QFileDialog>(window, [file, type_steps, typed](QFileDialog* dialog) {
        auto* types = dialog->findChild<QComboBox*>("fileTypeCombo");
        auto* field = dialog->findChild<QLineEdit*>("fileNameEdit");
        if (!types || !field) return dialog->reject();
        types->setFocus();
        for (int i = 0; i < type_steps; ++i) QTest::keyClick(types, Qt::Key_Down);
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, file);
        QTest::keyClick(field, Qt::Key_Return);
        *typed = true;
    });
    return typed;
}

// Clicks the button `which` of the next message box that asks with exec(); returns its text,
// empty until it was answered.
inline std::shared_ptr<QString> answer_next_question(QWidget& window, QMessageBox::StandardButton which) {
    auto text = std::make_shared<QString>();
    when_modal<QMessageBox>(window, [which, text](QMessageBox* box) {
        *text = box->text();
        QTest::mouseClick(box->button(which), Qt::LeftButton);
    });
    return text;
}

}  // namespace treelab::test
