// The data panel reads files in the background, driven through the real window
// offscreen: the progress bar and Cancel show while a large file reads and the GUI thread goes on
// handling events; the data shown change only when a new file has been read completely.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

#include "tests/support/large_csv.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/data/data_panel.h"
#include "ui/main_window.h"

namespace treelab {
namespace {

constexpr std::size_t kLargeRows = 400000;  // about 24 MB: seconds to read, long enough to watch
constexpr int kGenerous = 300000;           // ms; a safety net for a loaded machine, not a timing assertion

// A shown window with glass loaded, the way a user starts, and a temporary folder for the files
// it reads next; `ended` and `changed` count the panel's signals from then on.
struct Workbench {
    Workbench() {
        QSettings().clear();
        window.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
        EXPECT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
        ended.clear();
        changed.clear();
    }
    DataPanel& data() { return *window.dataPanel(); }
    QProgressBar* bar() { return data().findChild<QProgressBar*>("loadProgress"); }
    QPushButton* cancel() { return data().findChild<QPushButton*>("cancelLoad"); }
    int classRows() { return data().findChild<QTableWidget*>("classBalance")->rowCount(); }
    QString summary() { return data().findChild<QLabel*>("dataSummary")->text(); }

    // A CSV of kLargeRows rows (test::write_large_csv) in the folder.
    std::filesystem::path largeFile(const std::string& name) {
        const auto file = dir.file(name);
        test::write_large_csv(file, kLargeRows);
        return file;
    }
    // Opens `file` as the window does and waits until the progress bar moves; false when the read
    // ended before it could be watched.
    bool openAndWatch(const std::filesystem::path& file) {
        window.openFile(QString::fromStdString(file.string()));
        return QTest::qWaitFor([&] { return bar()->value() > 0 || !ended.isEmpty(); }, kGenerous) && ended.isEmpty();
    }

    test::TempDir dir;
    MainWindow window;
    QSignalSpy ended{window.dataPanel(), &DataPanel::loadEnded};
    QSignalSpy changed{window.dataPanel(), &DataPanel::dataChanged};
};

// Counts the GUI thread's timer ticks: they go on only while the event loop runs.
struct Ticks {
    Ticks() {
        QObject::connect(&timer, &QTimer::timeout, [this] { ++count; });
        timer.start(10);
    }
    QTimer timer;
    int count = 0;
};

// A large file reads with the progress bar and Cancel visible in the data panel while the event
// loop runs; clicking Cancel stops the read and glass stays loaded and shown.
TEST(BackgroundLoading, LargeFileShowsProgressAndCancelKeepsTheOldData) {
    Workbench bench;
    ASSERT_NE(bench.bar(), nullptr);
    ASSERT_NE(bench.cancel(), nullptr);
    EXPECT_FALSE(bench.bar()->isVisible());  // nothing is being read

    Ticks ticks;
    ASSERT_TRUE(bench.openAndWatch(bench.largeFile("large.csv"))) << "the read ended before it could be watched";
    EXPECT_TRUE(bench.bar()->isVisible());
    EXPECT_TRUE(bench.cancel()->isVisible());
    EXPECT_LT(bench.bar()->value(), 100);
    EXPECT_GT(ticks.count, 0);  // the GUI thread handled events while the file was read
    EXPECT_EQ(bench.data().file(), test::glass_file());

    QTest::mouseClick(bench.cancel(), Qt::LeftButton);
    ASSERT_TRUE(bench.ended.wait(kGenerous));
    EXPECT_FALSE(bench.bar()->isVisible());
    EXPECT_FALSE(bench.data().isLoading());
    EXPECT_EQ(bench.data().file(), test::glass_file());
    EXPECT_EQ(bench.data().table().rows, 214u);
    EXPECT_EQ(bench.classRows(), 6);
    EXPECT_TRUE(bench.summary().contains("glass.csv"));
    EXPECT_TRUE(bench.window.findChildren<QMessageBox*>().isEmpty());  // a cancel is not a failure
}

// A file broken near its end fails after seconds of reading: the event loop runs throughout,
// the reader's message (file:line:) shows in a dialog that does not block, and glass stays.
TEST(BackgroundLoading, MalformedFileShowsItsErrorWithoutBlocking) {
    Workbench bench;
    const auto broken = bench.largeFile("broken.csv");
    {
        std::FILE* out = std::fopen(broken.c_str(), "a");
        std::fputs("1,2,3\n", out);  // a short row after every good one: line kLargeRows + 2
        std::fclose(out);
    }
    Ticks ticks;
    bench.window.openFile(QString::fromStdString(broken.string()));
    ASSERT_TRUE(bench.ended.wait(kGenerous));
    EXPECT_GT(ticks.count, 0);
    const auto boxes = bench.window.findChildren<QMessageBox*>();
    ASSERT_EQ(boxes.size(), 1);
    const std::string where = "broken.csv:" + std::to_string(kLargeRows + 2) + ":";
    EXPECT_TRUE(boxes.first()->text().contains(QString::fromStdString(where))) << boxes.first()->text().toStdString();
    EXPECT_TRUE(boxes.first()->isVisible());
    // The dialog is open and events still flow: the ticks go on and the data panel answers.
    const int before = ticks.count;
    ASSERT_TRUE(QTest::qWaitFor([&] { return ticks.count > before + 3; }, kGenerous));
    EXPECT_EQ(bench.data().file(), test::glass_file());
    EXPECT_EQ(bench.classRows(), 6);
    EXPECT_FALSE(bench.bar()->isVisible());
}

// While a second file reads, the first stays shown (file, summary, class balance); once the
// second has been read completely it replaces the first everywhere.
TEST(BackgroundLoading, SecondFileReplacesTheFirstOnlyWhenRead) {
    Workbench bench;
    const auto large = bench.largeFile("large.csv");
    ASSERT_TRUE(bench.openAndWatch(large)) << "the read ended before it could be watched";
    EXPECT_EQ(bench.data().file(), test::glass_file());
    EXPECT_EQ(bench.data().table().rows, 214u);
    EXPECT_TRUE(bench.summary().contains("glass.csv"));
    EXPECT_EQ(bench.classRows(), 6);
    EXPECT_TRUE(bench.changed.isEmpty());

    ASSERT_TRUE(bench.ended.wait(kGenerous));
    EXPECT_EQ(bench.changed.count(), 1);
    EXPECT_EQ(bench.data().file(), QString::fromStdString(large.string()));
    EXPECT_EQ(bench.data().table().rows, kLargeRows);
    EXPECT_TRUE(bench.summary().contains("large.csv"));
    EXPECT_EQ(bench.data().findChild<QComboBox*>("target")->currentText(), "class");
    EXPECT_EQ(bench.classRows(), 3);
    EXPECT_FALSE(bench.bar()->isVisible());
}

// Opening another file while a large one reads stops that read and reads the new file: the large
// file never shows, the new one does, and the panel reports one change and one end.
TEST(BackgroundLoading, OpeningAnotherFileDuringAReadReadsTheNewOne) {
    Workbench bench;
    bench.window.openFile(QString::fromStdString(bench.largeFile("large.csv").string()));
    const QString iris = QString::fromStdString(test::dataset("iris.csv").string());
    bench.window.openFile(iris);
    ASSERT_TRUE(bench.ended.wait(kGenerous));
    EXPECT_EQ(bench.changed.count(), 1);
    EXPECT_EQ(bench.data().file(), iris);
    EXPECT_EQ(bench.data().table().rows, 150u);
    EXPECT_EQ(bench.classRows(), 3);
    EXPECT_FALSE(bench.bar()->isVisible());
    QTest::qWait(200);  // nothing of the stopped read arrives later
    EXPECT_EQ(bench.ended.count(), 1);
    EXPECT_EQ(bench.data().file(), iris);
}

// Choosing another target of the large table (a key press on the Target box) returns at once
// with the old class balance still shown; the new column's histogram follows from the worker.
TEST(BackgroundLoading, ChangingTheTargetOfALargeTableSummarisesInTheBackground) {
    Workbench bench;
    ASSERT_TRUE(test::load_data(bench.data(), QString::fromStdString(bench.largeFile("large.csv").string()), kGenerous));
    auto* target = bench.data().findChild<QComboBox*>("target");
    ASSERT_EQ(target->currentText(), "class");
    ASSERT_EQ(bench.classRows(), 3);

    QSignalSpy shown(&bench.data(), &DataPanel::targetShown);
    QTest::keyClick(target, Qt::Key_Up);  // the column before: x8, numeric
    ASSERT_EQ(target->currentText(), "x8");
    EXPECT_EQ(bench.classRows(), 3);  // not summarised on the GUI thread
    ASSERT_TRUE(shown.wait(kGenerous));
    EXPECT_TRUE(bench.data().findChild<QTableWidget*>("classBalance")->isHidden());
    EXPECT_TRUE(bench.data().findChild<QComboBox*>("task")->itemText(0).contains("regression"));
}

}  // namespace
}  // namespace treelab
