// TrainingSession: runs off the calling thread, reports through queued signals, survives failures.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <QCoreApplication>
#ifdef TREELAB_DRAW
#include <QGuiApplication>
#endif
#include <QElapsedTimer>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include "app/session/training_session.h"
#include "core/learners/learner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

RunConfig glass_latent(const std::string& epochs) {
    return test::dataset_run("glass.csv", "Type", "latent", {"depth=3", "epochs=" + epochs, "patience=0"});
}

// Processes events until `done` (set by a slot connected before start()) with a generous bound so
// a hang fails instead of blocking ctest. Polling the flag, not waiting for a signal connected
// here, because the worker may already have emitted its last signal.
void wait_for(TrainingSession&, bool& done) {
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < 60000) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
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
    // A run long enough that the second start certainly meets it, then stopped.
    ASSERT_TRUE(session.start(glass_latent("100000")));
    EXPECT_FALSE(session.start(test::dataset_run("glass.csv", "Type", "cart", {}))) << "one run at a time";
    session.requestStop();
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
    RunConfig config = test::dataset_run("glass.csv", "Type", "cart", {});
    config.data_file = "/nonexistent/missing.csv";
    ASSERT_TRUE(session.start(config));
    wait_for(session, done);
    EXPECT_TRUE(message.contains("missing.csv")) << message.toStdString();
}

// Every finished epoch arrives as an EpochPoint, in order, with the active nodes, before finished().
TEST(TrainingSession, EpochsArriveInOrderBeforeFinished) {
    TrainingSession session;
    bool done = false;
    std::vector<EpochPoint> points;
    std::size_t points_at_finish = 0;
    QObject::connect(&session, &TrainingSession::epochReported, &session, [&](const EpochPoint& point) { points.push_back(point); });
    QObject::connect(&session, &TrainingSession::finished, &session, [&](std::shared_ptr<const RunOutcome>) {
        points_at_finish = points.size();
        done = true;
    });
    ASSERT_TRUE(session.start(glass_latent("4")));
    wait_for(session, done);
    ASSERT_EQ(points.size(), 4u);
    EXPECT_EQ(points_at_finish, 4u);
    for (std::size_t k = 0; k < points.size(); ++k) {
        EXPECT_EQ(points[k].epoch, int(k) + 1);
        EXPECT_EQ(points[k].total, 4);
        EXPECT_GE(points[k].active_nodes, 1);
        EXPECT_LE(points[k].active_nodes, 15);
        EXPECT_TRUE(std::isfinite(points[k].valid_loss));
    }
}

// GradTree's restarts train at once and report interleaved: the run still records its trees start
// by start, each start's in epoch order (the Tree tab's slider reads them so), and the progress bar
// counts every start's epochs, so it never goes back.
TEST(TrainingSession, ParallelStartsRecordTreesStartByStart) {
    TrainingSession session;
    bool done = false;
    std::vector<EpochPoint> points;
    std::vector<int> steps;
    std::shared_ptr<const RunOutcome> outcome;
    QObject::connect(&session, &TrainingSession::epochReported, &session, [&](const EpochPoint& point) { points.push_back(point); });
    QObject::connect(&session, &TrainingSession::progressed, &session, [&](int step, int) { steps.push_back(step); });
    QObject::connect(&session, &TrainingSession::finished, &session, [&](std::shared_ptr<const RunOutcome> result) {
        outcome = std::move(result);
        done = true;
    });
    const tbb::global_control two(tbb::global_control::max_allowed_parallelism, 2);
    ASSERT_TRUE(session.start(test::dataset_run("glass.csv", "Type", "gradtree", {"depth=3", "epochs=30", "restarts=3", "patience=0"})));
    wait_for(session, done);
    ASSERT_TRUE(outcome);
    const std::vector<RecordedTree>& trees = outcome->recorded_trees;
    ASSERT_EQ(trees.size(), 16u) << "epochs 1, 10, 20 and 30 of four starts";
    for (std::size_t k = 0; k < trees.size(); ++k) {
        EXPECT_EQ(trees[k].start, static_cast<int>(k / 4)) << k;
        EXPECT_EQ(trees[k].epoch, k % 4 == 0 ? 1 : static_cast<int>(k % 4) * 10) << k;
    }
    EXPECT_TRUE(std::is_sorted(steps.begin(), steps.end()));
    EXPECT_EQ(steps.back(), 120);
    bool interleaved = false;
    for (std::size_t k = 1; k < points.size(); ++k) interleaved |= points[k].start < points[k - 1].start;
    ::testing::Test::RecordProperty("interleaved", interleaved ? "yes" : "no");  // whether this run's starts overlapped
}

// A learner's preliminary phase (GET's depth search) arrives as phaseReported, each depth once at
// least and in order, all before the epochs of the fit the run reports.
TEST(TrainingSession, PhasesArriveBeforeTheReportedFit) {
    TrainingSession session;
    bool done = false;
    std::vector<QString> phases;
    std::size_t epochs_before_last_phase = 0, epochs = 0;
    QObject::connect(&session, &TrainingSession::phaseReported, &session, [&](const QString& phase, int, int) {
        if (phases.empty() || phases.back() != phase) phases.push_back(phase);
        epochs_before_last_phase = epochs;
    });
    QObject::connect(&session, &TrainingSession::epochReported, &session, [&](const EpochPoint&) { ++epochs; });
    QObject::connect(&session, &TrainingSession::finished, &session, [&](std::shared_ptr<const RunOutcome>) { done = true; });
    RunConfig config = test::dataset_run("glass.csv", "Type", "cart", {});
    config.method = "get";
    config.params = method_params("get", {"schedule=U(5,25):3,100:3", "starts=2"});  // depth=auto
    // One thread: one depth at a time (more fit a wave of depths at once, named together).
    const tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
    ASSERT_TRUE(session.start(config));
    wait_for(session, done);
    ASSERT_GE(phases.size(), 3u) << "depths 1, 2 and 3 at least";
    for (std::size_t k = 0; k < phases.size(); ++k)
        EXPECT_EQ(phases[k], QString("choosing the depth on the validation rows: depth %1 (trying 1 to 8)").arg(k + 1));
    EXPECT_EQ(epochs_before_last_phase, 0u);
    EXPECT_EQ(epochs, 12u) << "two starts of 3 + 3 epochs at the chosen depth";
}

// Stop during a LatentTrees run with a huge epoch limit ends it after a few epochs, and finished()
// still delivers the best model so far.
TEST(TrainingSession, StopEndsALatentRunLongBeforeItsLimit) {
    TrainingSession session;
    bool done = false;
    int epochs_seen = 0;
    std::shared_ptr<const RunOutcome> result;
    QObject::connect(&session, &TrainingSession::epochReported, &session, [&](const EpochPoint&) {
        if (++epochs_seen == 2) session.requestStop();
    });
    QObject::connect(&session, &TrainingSession::finished, &session, [&](std::shared_ptr<const RunOutcome> outcome) {
        result = std::move(outcome);
        done = true;
    });
    ASSERT_TRUE(session.start(glass_latent("100000")));
    wait_for(session, done);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->stopped_early);
    // The worker may finish a few more epochs before the queued epochs reach this thread.
    EXPECT_LT(result->history.size(), 1000u);
    EXPECT_GE(result->history.size(), 2u);
    ASSERT_TRUE(result->model.tree.routing_predictor.has_value());
    // The kept model is a trained one of this run: its root counts the run's fit rows, and the
    // outcome's scores are its own on the test rows.
    EXPECT_EQ(result->model.tree.nodes.at(0).samples, static_cast<double>(result->fit_rows));
    ASSERT_TRUE(result->data);
    EXPECT_EQ(result->test_scores, evaluate(result->model.tree, result->data->test));
    EXPECT_TRUE(result->pruning_curve.empty());  // LatentTrees has no pruning path
}

// A CART run's outcome arrives with its cost-complexity path curve, computed in the worker, equal
// to the one computed from the outcome afterwards.
TEST(TrainingSession, CartOutcomeCarriesItsPruningCurve) {
    TrainingSession session;
    bool done = false;
    std::shared_ptr<const RunOutcome> result;
    QObject::connect(&session, &TrainingSession::finished, &session, [&](std::shared_ptr<const RunOutcome> outcome) {
        result = std::move(outcome);
        done = true;
    });
    ASSERT_TRUE(session.start(test::dataset_run("glass.csv", "Type", "cart", {})));
    wait_for(session, done);
    ASSERT_TRUE(result);
    ASSERT_TRUE(result->data);
    const std::vector<PruningPathPoint> expected =
        pruning_path_curve(*find_learner("cart").pruning_path, result->model.tree, *result->data);
    ASSERT_EQ(result->pruning_curve.size(), expected.size());
    ASSERT_GT(expected.size(), 3u);
    for (std::size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(result->pruning_curve[k].alpha, expected[k].alpha);
        EXPECT_EQ(result->pruning_curve[k].leaves, expected[k].leaves);
        EXPECT_EQ(result->pruning_curve[k].test, expected[k].test);
    }
}

}  // namespace
}  // namespace treelab

int main(int argc, char** argv) {
#ifdef TREELAB_DRAW
    // The figure tests (tests/app/render) paint text, and fonts need a QGuiApplication.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication application(argc, argv);
#else
    QCoreApplication application(argc, argv);
#endif
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
