// A data file changed on disk after it was loaded is noticed before Train or a sweep reads it: a
// dialog offers "Reload the data" or "Cancel", and nothing starts on data other than those shown.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/compare/compare_panel.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/sweep/sweep_panel.h"

namespace treelab {
namespace {

// Two numeric columns and a two-class target, `rows` rows.
std::string small_table(int rows) {
    std::string csv = "x1,x2,label\n";
    for (int i = 0; i < rows; ++i)
        csv += std::to_string(i % 7) + "," + std::to_string((i * 3) % 11) + "," + (i % 7 < 3 ? "a" : "b") + "\n";
    return csv;
}

void clickTrain(MainWindow& window) {
    for (QPushButton* button : window.findChildren<QPushButton*>())
        if (button->text() == MainWindow::tr("&Train")) return QTest::mouseClick(button, Qt::LeftButton);
    FAIL() << "no Train button";
}

QMessageBox* changedDialog(const QWidget& parent) { return parent.findChild<QMessageBox*>("changedDataDialog"); }

// With TREELAB_SHOTS_DIR set, the window and the dialog are saved there as PNG (to look at them).
void saveShots(MainWindow& window, QMessageBox& box) {
    const char* folder = std::getenv("TREELAB_SHOTS_DIR");
    if (!folder) return;
    window.grab().save(QString::fromUtf8(folder) + "/changed_data_window.png");
    box.grab().save(QString::fromUtf8(folder) + "/changed_data_dialog.png");
}

// The file rewritten after loading: Train opens the dialog and starts nothing; Reload the data
// reads the file as it is now, and Train then trains on it.
TEST(ChangedDataFile, TrainAsksToReloadAndReloadReadsTheNewFile) {
    QSettings().clear();
    test::TempDir dir;
    const std::filesystem::path file = dir.write("small.csv", small_table(40));
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), QString::fromStdString(file.string())));
    window.methodPanel()->setMethod("cart");
    dir.write("small.csv", small_table(60));

    clickTrain(window);
    QPointer<QMessageBox> box = changedDialog(*window.dataPanel());
    ASSERT_NE(box, nullptr) << "no dialog";
    ASSERT_TRUE(QTest::qWaitForWindowExposed(box));
    EXPECT_TRUE(box->text().contains("small.csv changed on disk after it was loaded")) << box->text().toStdString();
    EXPECT_FALSE(window.isTraining());
    EXPECT_EQ(window.dataPanel()->table().rows, 40u);
    saveShots(window, *box);

    QPushButton* reload = nullptr;
    for (QAbstractButton* button : box->buttons())
        if (button->text() == DataPanel::tr("Reload the data")) reload = qobject_cast<QPushButton*>(button);
    ASSERT_NE(reload, nullptr);
    QSignalSpy changed(window.dataPanel(), &DataPanel::dataChanged);
    QTest::mouseClick(reload, Qt::LeftButton);
    ASSERT_TRUE(changed.count() > 0 || changed.wait(60000));
    EXPECT_EQ(window.dataPanel()->table().rows, 60u);

    EXPECT_TRUE(!box || !box->isVisible()) << "the dialog closed";

    ASSERT_TRUE(test::train_and_wait(window));
    EXPECT_EQ(window.resultsPanel()->runCount(), 1);
}

// The same bytes saved again (a new modification time) are no change: Train trains. Cancel on a
// real change starts nothing, and so do a sweep's Start and Compare's Run on the file shown.
TEST(ChangedDataFile, SameBytesTrainAndCancelStartsNothing) {
    QSettings().clear();
    test::TempDir dir;
    const std::filesystem::path file = dir.write("small.csv", small_table(40));
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(test::load_data(*window.dataPanel(), QString::fromStdString(file.string())));
    window.methodPanel()->setMethod("cart");
    dir.write("small.csv", small_table(40));
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(10));
    ASSERT_TRUE(test::train_and_wait(window));
    EXPECT_EQ(changedDialog(*window.dataPanel()), nullptr);
    EXPECT_EQ(window.resultsPanel()->runCount(), 1);

    dir.write("small.csv", small_table(41));
    clickTrain(window);
    QMessageBox* box = changedDialog(*window.dataPanel());
    ASSERT_NE(box, nullptr);
    QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
    EXPECT_FALSE(window.isTraining());
    EXPECT_EQ(window.resultsPanel()->runCount(), 1);
    EXPECT_EQ(window.dataPanel()->table().rows, 40u) << "Cancel reads nothing";
    QTest::qWait(0);  // the closed dialog deletes itself (deleteLater)
    ASSERT_EQ(changedDialog(*window.dataPanel()), nullptr);

    window.sweepPanel()->start();
    EXPECT_FALSE(window.sweepPanel()->isRunning());
    box = changedDialog(*window.dataPanel());
    ASSERT_NE(box, nullptr);
    QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
    QTest::qWait(0);
    ASSERT_EQ(changedDialog(*window.dataPanel()), nullptr);

    window.tabs()->setCurrentWidget(window.comparePanel());
    auto* run = window.comparePanel()->findChild<QPushButton*>("compareRun");
    ASSERT_NE(run, nullptr);
    QTest::mouseClick(run, Qt::LeftButton);
    EXPECT_FALSE(window.comparePanel()->isRunning());
    EXPECT_NE(changedDialog(*window.dataPanel()), nullptr);
}

}  // namespace
}  // namespace treelab
