// TrainingSession: runs off the calling thread, reports through queued signals, survives failures.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include "app/session/training_session.h"
#include "core/learners/learner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

RunConfig glass_config() {
    RunConfig config;
    config.data_file = test::dataset("glass.csv");
    config.target = "Type";
    config.params = ParamValues(find_learner("cart").params);
    return config;
}

// Waits for finished() or failed() with a generous bound so a hang fails instead of blocking ctest.
void wait_for(TrainingSession& session, bool& done) {
    QEventLoop loop;
    QObject::connect(&session, &TrainingSession::finished, &loop, &QEventLoop::quit);
    QObject::connect(&session, &TrainingSession::failed, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (!done) loop.exec();
}

// A run finishes on a worker thread and delivers its model to the receiver's thread.
TEST(TrainingSession, FinishedArrivesOnTheReceiverThread) {
    TrainingSession session;
    bool done = false;
    Qt::HANDLE receiver_thread = nullptr;
    std::shared_ptr<const RunOutcome> result;
    QObject::connect(&session, &TrainingSession::finished, &session, [&](std::shared_ptr<const RunOutcome> outcome) {
        receiver_thread = QThread::currentThreadId();
        result = std::move(outcome);
        done = true;
    });
    ASSERT_TRUE(session.start(glass_config()));
    EXPECT_FALSE(session.start(glass_config())) << "one run at a time";
    wait_for(session, done);
    ASSERT_TRUE(result);
    EXPECT_EQ(receiver_thread, QThread::currentThreadId());
    EXPECT_GT(result->model.tree.stats().leaves, 1);
}

// A run on a missing file fails with the file named, instead of throwing across threads.
TEST(TrainingSession, FailuresBecomeSignals) {
    TrainingSession session;
    bool done = false;
    QString message;
    QObject::connect(&session, &TrainingSession::failed, &session, [&](const QString& text) {
        message = text;
        done = true;
    });
    RunConfig config = glass_config();
    config.data_file = "/nonexistent/missing.csv";
    ASSERT_TRUE(session.start(config));
    wait_for(session, done);
    EXPECT_TRUE(message.contains("missing.csv")) << message.toStdString();
}

}  // namespace
}  // namespace treelab

int main(int argc, char** argv) {
    QCoreApplication application(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
