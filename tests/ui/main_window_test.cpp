// MainWindow under QT_QPA_PLATFORM=offscreen: what a user meets when opening files and training.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QEventLoop>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTimer>

#include "tests/support/test_support.h"
#include "ui/main_window.h"

namespace treelab {
namespace {

// Opening glass.csv selects the last column as target; training fills the output with scores and rules.
TEST(MainWindow, OpensGlassAndTrainsCart) {
    MainWindow window;
    ASSERT_TRUE(window.openFile(QString::fromStdString(test::dataset("glass.csv").string())));
    EXPECT_EQ(window.findChild<QComboBox*>()->currentText(), "Type");
    QEventLoop loop;
    QObject::connect(&window, &MainWindow::trainingDone, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    window.train();
    loop.exec();
    const QString output = window.findChild<QPlainTextEdit*>()->toPlainText();
    EXPECT_TRUE(output.contains("accuracy")) << output.toStdString();
    EXPECT_TRUE(output.contains("class: ")) << output.toStdString();
}

// A malformed file leaves the window usable and shows a dialog naming file, line and column.
TEST(MainWindow, BadFileShowsWhereItIsBroken) {
    test::TempDir dir;
    const auto file = dir.write("broken.csv", "a,b\n1,2\n3,\"4\n");
    MainWindow window;
    EXPECT_FALSE(window.openFile(QString::fromStdString(file.string())));
    const auto boxes = window.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    EXPECT_TRUE(boxes.first()->text().contains("broken.csv:3:")) << boxes.first()->text().toStdString();
}

}  // namespace
}  // namespace treelab

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
