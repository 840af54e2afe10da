// LoadingSession: a CSV is read off the calling thread with byte progress, stops on request with
// cancelled(), reports a broken file's position through failed(), and summarises the default target.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

#include "app/session/loading_session.h"
#include "tests/support/large_csv.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// What one read ended with, gathered by running the event loop (a generous bound turns a hang
// into a failure instead of blocking ctest).
struct Ending {
    std::shared_ptr<const LoadedTable> loaded;
    QString failure;
    bool cancelled = false;
    qint64 last_read = -1, last_total = -1;
    int progress_reports = 0;
};

Ending read_to_end(LoadingSession& session, const QString& file, bool stop_at_first_progress = false,
                   const CsvOptions& format = {}) {
    Ending ending;
    QEventLoop loop;
    QObject::connect(&session, &LoadingSession::progressed, &loop, [&](qint64 read, qint64 total) {
        ++ending.progress_reports;
        ending.last_read = read;
        ending.last_total = total;
        if (stop_at_first_progress) session.requestStop();
    });
    QObject::connect(&session, &LoadingSession::finished, &loop, [&](std::shared_ptr<const LoadedTable> loaded) {
        ending.loaded = std::move(loaded);
        loop.quit();
    });
    QObject::connect(&session, &LoadingSession::failed, &loop, [&](const QString& message) {
        ending.failure = message;
        loop.quit();
    });
    QObject::connect(&session, &LoadingSession::cancelled, &loop, [&] {
        ending.cancelled = true;
        loop.quit();
    });
    QTimer::singleShot(300000, &loop, &QEventLoop::quit);
    EXPECT_TRUE(session.start(file, format));
    loop.exec();
    return ending;
}

// The delimiter, decimal and encoding given reach the reader, and the loaded table keeps them
// beside what the reader took, for the run config of a run trained on it.
TEST(LoadingSession, ReadsWithTheFormatGiven) {
    test::TempDir dir;
    const auto file = dir.write("sheet.csv", "x;label\n1,5;a\n2,5;b\n");
    LoadingSession session;
    CsvOptions format;
    format.decimal = '.';
    format.encoding = "latin-1";
    const Ending ending = read_to_end(session, QString::fromStdString(file.string()), false, format);
    ASSERT_NE(ending.loaded, nullptr) << ending.failure.toStdString();
    EXPECT_EQ(ending.loaded->table.columns[0].kind, ColumnKind::Categorical);  // "1,5" is text with '.'
    EXPECT_EQ(ending.loaded->table.format.delimiter, ';');
    EXPECT_EQ(ending.loaded->format.delimiter, 0);
    EXPECT_EQ(ending.loaded->format.decimal, '.');
    EXPECT_EQ(ending.loaded->format.encoding, "latin-1");
}

// Glass reads whole, with its default target (Type) summarised as 6 classes and the bytes reported up to the file's size.
TEST(LoadingSession, ReadsGlassAndSummarisesItsTarget) {
    LoadingSession session;
    const Ending ending = read_to_end(session, QString::fromStdString(test::dataset("glass.csv").string()));
    ASSERT_NE(ending.loaded, nullptr) << ending.failure.toStdString();
    EXPECT_EQ(ending.loaded->table.rows, 214u);
    EXPECT_EQ(ending.loaded->table.columns[ending.loaded->target].name, "Type");
    ASSERT_TRUE(ending.loaded->overview.summary.has_value());
    EXPECT_EQ(ending.loaded->overview.summary->class_names.size(), 6u);
    EXPECT_GT(ending.progress_reports, 0);
    EXPECT_EQ(ending.last_read, ending.last_total);
    EXPECT_FALSE(session.isRunning());
}

// A stop asked for at the first progress report ends a large read with cancelled(), not a table.
TEST(LoadingSession, StopEndsALargeReadWithCancelled) {
    test::TempDir dir;
    test::write_large_csv(dir.file("large.csv"), 200000);
    LoadingSession session;
    const Ending ending = read_to_end(session, QString::fromStdString(dir.file("large.csv").string()), true);
    EXPECT_TRUE(ending.cancelled);
    EXPECT_EQ(ending.loaded, nullptr);
    EXPECT_TRUE(ending.failure.isEmpty()) << ending.failure.toStdString();
    EXPECT_LT(ending.last_read, ending.last_total);
}

// A broken file ends with failed() and the reader's file:line: message.
TEST(LoadingSession, BrokenFileFailsWithItsPosition) {
    test::TempDir dir;
    const auto broken = dir.write("broken.csv", "a,b\n1,2\n3,\"4\n");
    LoadingSession session;
    const Ending ending = read_to_end(session, QString::fromStdString(broken.string()));
    EXPECT_EQ(ending.loaded, nullptr);
    EXPECT_TRUE(ending.failure.contains("broken.csv:3:")) << ending.failure.toStdString();
}

}  // namespace
}  // namespace treelab
