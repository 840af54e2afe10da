// SweepSession: a sweep runs off the calling thread, reports rows as it goes and stops on request.
#include <gtest/gtest.h>

#include <functional>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>

#include "app/session/sweep_session.h"
#include "core/learners/learner.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

SweepConfig glass_sweep(const std::string& method, const std::string& param, std::vector<std::string> values) {
    SweepConfig config;
    config.base.data_file = test::dataset("glass.csv");
    config.base.target = "Type";
    config.base.method = method;
    config.base.params = ParamValues(find_learner(method).params);
    config.param = param;
    config.values = std::move(values);
    return config;
}

// Runs the event loop until finished() or failed(), with a generous bound so a hang fails instead
// of blocking ctest.
// Starts `config` and processes events until finished() or failed() (connected before the start,
// since the worker may emit at once), with a generous bound so a hang fails instead of blocking.
// `after_start` runs once the sweep is under way.
std::shared_ptr<const SweepResult> run_to_end(SweepSession& session, const SweepConfig& config, QString& failure,
                                              const std::function<void()>& after_start = {}) {
    std::shared_ptr<const SweepResult> result;
    bool ended = false;
    QObject context;
    QObject::connect(&session, &SweepSession::finished, &context, [&](std::shared_ptr<const SweepResult> r) {
        result = std::move(r);
        ended = true;
    });
    QObject::connect(&session, &SweepSession::failed, &context, [&](const QString& message) {
        failure = message;
        ended = true;
    });
    if (!session.start(config)) {
        failure = "refused: a sweep is running";
        return nullptr;
    }
    if (after_start) after_start();
    QElapsedTimer clock;
    clock.start();
    while (!ended && clock.elapsed() < 300000) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return result;
}

// CART's automatic alpha path on Glass over two seeds finishes with a row per alpha and seed.
TEST(SweepSession, AutomaticAlphaPathFinishesWithRows) {
    SweepSession session;
    int last_done = 0, last_total = 0;
    QObject::connect(&session, &SweepSession::progressed, &session, [&](int done, int total) {
        last_done = done;
        last_total = total;
    });
    SweepConfig config = glass_sweep("cart", "ccp_alpha", {});
    config.seeds = 2;
    QString failure;
    const auto result =
        run_to_end(session, config, failure, [&] { EXPECT_FALSE(session.start(config)) << "one sweep at a time"; });
    ASSERT_TRUE(result) << failure.toStdString();
    EXPECT_FALSE(result->stopped);
    ASSERT_GT(result->rows.size(), 4u);
    EXPECT_EQ(result->rows.size() % 2, 0u) << "every alpha has a row per seed";
    EXPECT_EQ(last_total, static_cast<int>(result->rows.size()));
    EXPECT_EQ(last_done, last_total);
}

// A stop during a LatentTrees lambda sweep ends it before all its rows, with the rows finished so far.
TEST(SweepSession, StopEndsALambdaSweepEarly) {
    SweepSession session;
    SweepConfig config = glass_sweep("latent", "lambda", {"0", "0.001", "0.01", "0.1", "1"});
    config.base.params.set(find_learner("latent").params, "depth", "3");
    config.base.params.set(find_learner("latent").params, "epochs", "1000");
    config.base.params.set(find_learner("latent").params, "patience", "0");  // every training runs all its epochs
    config.seeds = 2;
    // Stop as soon as the first row is in: the sweep has 10 rows of 1000 epochs each.
    QObject::connect(&session, &SweepSession::progressed, &session, [&](int done, int) {
        if (done >= 1) session.requestStop();
    });
    QString failure;
    const auto result = run_to_end(session, config, failure);
    ASSERT_TRUE(result) << failure.toStdString();
    EXPECT_TRUE(result->stopped);
    EXPECT_GE(result->rows.size(), 1u);
    EXPECT_LT(result->rows.size(), 10u);
    for (const SweepRow& row : result->rows) EXPECT_TRUE(row.model) << "no row from a training cut short";
}

// A bad value becomes failed() naming the parameter, not an exception across threads.
TEST(SweepSession, BadValueFails) {
    SweepSession session;
    QString failure;
    EXPECT_FALSE(run_to_end(session, glass_sweep("cart", "ccp_alpha", {"-1"}), failure));
    EXPECT_TRUE(failure.contains("ccp_alpha")) << failure.toStdString();
}

}  // namespace
}  // namespace treelab
