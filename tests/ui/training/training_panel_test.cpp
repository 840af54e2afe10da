// TrainingPanel: live curves from a real session, coalesced replots, the CART pruning path.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include <QCheckBox>
#include <QEventLoop>
#include <QLabel>
#include <QTimer>
#include <qcustomplot.h>

#include "app/session/training_session.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"
#include "ui/training/start_multiples.h"
#include "ui/training/training_panel.h"

namespace treelab {
namespace {

RunConfig glass(const std::string& method, const std::vector<std::string>& params) {
    return test::dataset_run("glass.csv", "Type", method, params);
}

// Starts `config` and runs the event loop until the session delivers its outcome (or a generous
// bound passes); connected before the start, since the worker may finish at once.
std::shared_ptr<const RunOutcome> run_to_outcome(TrainingSession& session, const RunConfig& config) {
    std::shared_ptr<const RunOutcome> result;
    QEventLoop loop;
    QObject::connect(&session, &TrainingSession::finished, &loop, [&](std::shared_ptr<const RunOutcome> outcome) {
        result = std::move(outcome);
        loop.quit();
    });
    QObject::connect(&session, &TrainingSession::failed, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (session.start(config)) loop.exec();
    return result;
}

// Spins the event loop long enough for the 50 ms replot timer to fire a few times.
void let_timers_run() {
    QEventLoop loop;
    QTimer::singleShot(200, &loop, &QEventLoop::quit);
    loop.exec();
}

// Epochs of a real LatentTrees session on glass land in the loss, metric and active-node graphs.
TEST(TrainingPanel, PlotsTheEpochsOfARealSession) {
    TrainingPanel panel;
    TrainingSession session;
    QObject::connect(&session, &TrainingSession::epochReported, &panel, &TrainingPanel::addEpoch);
    panel.startRun("LatentTrees");
    const auto outcome = run_to_outcome(session, glass("latent", {"depth=3", "epochs=6", "patience=0"}));
    ASSERT_TRUE(outcome);
    const QList<QCustomPlot*> plots = panel.plots();
    ASSERT_EQ(plots.size(), 3);
    EXPECT_EQ(plots[0]->graph(0)->dataCount(), 6);  // train loss
    EXPECT_EQ(plots[0]->graph(1)->dataCount(), 6);  // validation loss
    EXPECT_EQ(plots[1]->graph(0)->dataCount(), 6);  // train accuracy
    EXPECT_EQ(plots[2]->graph(0)->dataCount(), 6);  // active nodes
    EXPECT_FALSE(plots[2]->isHidden()) << "LatentTrees prunes, so its active nodes are shown";
    EXPECT_EQ(plots[1]->yAxis->label(), "accuracy") << "the metric plot is named by the reports";
    let_timers_run();
    EXPECT_GE(panel.replotCount(), 1);

    panel.showOutcome(*outcome);  // the same history, redrawn from the outcome
    EXPECT_EQ(plots[0]->graph(0)->dataCount(), 6);
}

// A regression run's metric plot says R², as its reports name it, not "accuracy".
TEST(TrainingPanel, NamesTheMetricTheReportsName) {
    TrainingPanel panel;
    panel.startRun("LatentTrees");
    panel.addEpoch(EpochPoint{1, 10, 1.0, 1.1, 0.3, 0.2, 7, "r2", nullptr});
    EXPECT_EQ(panel.plots()[1]->yAxis->label(), "R²");
    EXPECT_FALSE(panel.plots()[1]->isHidden());
}

// Restarts count their epochs from 1 again: the plots continue along one axis, each start's line
// begins afresh behind a dashed boundary (no line joins two starts), and the caption names the start.
TEST(TrainingPanel, RestartsContinueAlongTheEpochAxis) {
    TrainingPanel panel;
    panel.startRun("LatentTrees");
    for (int start = 0; start < 2; ++start)
        for (int epoch = 1; epoch <= 3 - start; ++epoch) {
            EpochPoint point{epoch, 3, 1.0, 1.1, 0.3, 0.2, 7, "accuracy", nullptr};
            point.start = start;
            point.starts = 2;
            panel.addEpoch(point);
        }
    const QCPGraphDataContainer& losses = *panel.plots()[0]->graph(0)->data();
    ASSERT_EQ(losses.size(), 6);
    const double keys[] = {1.0, 2.0, 3.0, 3.5, 4.0, 5.0};
    for (int k = 0; k < 6; ++k) EXPECT_EQ(losses.at(k)->key, keys[k]);
    EXPECT_TRUE(std::isnan(losses.at(3)->value)) << "the gap between the two starts";
    EXPECT_EQ(panel.plots()[0]->itemCount(), 1) << "one dashed boundary";
    bool named = false;
    for (const QLabel* label : panel.findChildren<QLabel*>()) named = named || label->text().contains("start 2 of 2");
    EXPECT_TRUE(named);
}

// Starts that train at once report interleaved; the next replot lays the main curves out start by
// start, as a sequential run draws them, while each start's small plot takes its own epochs.
TEST(TrainingPanel, InterleavedStartsAreLaidOutStartByStart) {
    TrainingPanel panel;
    panel.startRun("GradTree");
    for (const auto& [start, epoch] : std::vector<std::pair<int, int>>{{0, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 3}}) {
        EpochPoint point{epoch, 3, 1.0 + start, 1.1, 0.3, 0.2, 7, "accuracy", nullptr};
        point.start = start;
        point.starts = 2;
        panel.addEpoch(point);
    }
    let_timers_run();
    const QCPGraphDataContainer& losses = *panel.plots()[0]->graph(0)->data();
    ASSERT_EQ(losses.size(), 6);
    const double keys[] = {1.0, 2.0, 3.0, 3.5, 4.0, 5.0};
    const double values[] = {1.0, 1.0, 1.0, NAN, 2.0, 2.0};
    for (int k = 0; k < 6; ++k) {
        EXPECT_EQ(losses.at(k)->key, keys[k]) << k;
        if (k != 3) {
            EXPECT_EQ(losses.at(k)->value, values[k]) << k;
        }
    }
    EXPECT_EQ(panel.plots()[0]->itemCount(), 1) << "one dashed boundary";
    EXPECT_EQ(panel.plots()[1]->graph(0)->dataCount(), 6) << "five epochs and the gap";
}

// A finished GradTree run with a restart is redrawn with its boundary, and the caption says over
// how many starts its epochs ran.
TEST(TrainingPanel, FinishedRunNamesItsStarts) {
    TrainingPanel panel;
    const RunOutcome outcome = run_training(glass("gradtree", {"depth=3", "epochs=5", "restarts=1"}));
    panel.showOutcome(outcome);
    EXPECT_EQ(panel.plots()[0]->itemCount(), 1);
    bool named = false;
    for (const QLabel* label : panel.findChildren<QLabel*>()) named = named || label->text().contains("over 2 starts");
    EXPECT_TRUE(named);
}

// A stopped run whose starts trained at once may have begun starts 1 and 3 but not start 2: the
// caption counts the starts that reported, not the highest start's number.
TEST(TrainingPanel, StoppedRunCountsTheStartsThatReported) {
    TrainingPanel panel;
    RunOutcome outcome = run_training(glass("gradtree", {"depth=3", "epochs=5", "restarts=2"}));
    std::erase_if(outcome.history, [](const EpochReport& report) { return report.start == 1; });
    outcome.stopped_early = true;
    panel.showOutcome(outcome);
    QStringList captions;
    for (const QLabel* label : panel.findChildren<QLabel*>()) captions << label->text();
    EXPECT_TRUE(captions.join('\n').contains("over 2 starts")) << captions.join('\n').toStdString();
}

// A GET run draws its scale factor α over the loss on a right axis, fixed within a stage and start,
// and its starts as small multiples titled with each start's best score.
TEST(TrainingPanel, DrawsGetsScaleFactorAndItsStarts) {
    TrainingPanel panel;
    TrainingSession session;
    QObject::connect(&session, &TrainingSession::epochReported, &panel, &TrainingPanel::addEpoch);
    panel.startRun("GET");
    const auto outcome = run_to_outcome(session, glass("get", {"depth=2", "schedule=U(5,25):4,100:3", "starts=3"}));
    ASSERT_TRUE(outcome);
    let_timers_run();
    QCustomPlot* loss = panel.plots()[0];
    EXPECT_TRUE(loss->yAxis2->visible());
    EXPECT_EQ(loss->yAxis2->label(), "scale factor α");
    int alphas = 0, hundreds = 0;
    for (const QCPGraphData& point : *loss->graph(2)->data()) {
        if (std::isnan(point.value)) continue;
        ++alphas;
        hundreds += point.value == 100.0;
    }
    EXPECT_EQ(alphas, 21);
    EXPECT_EQ(hundreds, 9) << "the fixed second stage of each start";
    EXPECT_GE(loss->yAxis2->range().upper, 100.0);

    StartMultiples* starts = panel.startMultiples();
    EXPECT_FALSE(starts->isHidden());
    ASSERT_EQ(starts->shownStarts(), 3);
    EXPECT_TRUE(starts->startTitle(2).startsWith("start 3 · best accuracy ")) << starts->startTitle(2).toStdString();

    panel.showOutcome(*outcome);  // redrawn from the history: the same α and starts
    EXPECT_EQ(starts->shownStarts(), 3);
    EXPECT_TRUE(panel.plots()[0]->yAxis2->visible());
}

// A run that counts its loss queries (DGT with bandit feedback) is plotted against them: every point
// of a real session sits at the queries its report carries, the axes say so, and so do the captions.
TEST(TrainingPanel, AnOnlineRunIsPlottedAgainstLossQueries) {
    TrainingPanel panel;
    TrainingSession session;
    std::vector<long long> queries;
    QObject::connect(&session, &TrainingSession::epochReported, &panel, [&](const EpochPoint& point) {
        queries.push_back(point.loss_queries);
        panel.addEpoch(point);
    });
    panel.startRun("DGT");
    const auto outcome = run_to_outcome(session, glass("dgt", {"feedback=bandit", "height=3", "passes=2", "evaluate_every=10"}));
    ASSERT_TRUE(outcome);
    const QCPGraphDataContainer& losses = *panel.plots()[0]->graph(0)->data();
    ASSERT_EQ(losses.size(), static_cast<int>(queries.size()));
    ASSERT_GE(queries.size(), 5u);
    for (int k = 0; k < losses.size(); ++k) EXPECT_EQ(losses.at(k)->key, static_cast<double>(queries[static_cast<std::size_t>(k)]));
    EXPECT_EQ(queries.front(), 40) << "10 rounds of 4 rows, one query each";
    EXPECT_EQ(panel.plots()[1]->graph(1)->dataCount(), losses.size()) << "held-out accuracy at every evaluation";
    for (QCustomPlot* plot : panel.plots()) EXPECT_EQ(plot->xAxis->label(), "loss queries");
    const auto captioned = [&](const QString& text) {
        bool found = false;
        for (const QLabel* label : panel.findChildren<QLabel*>()) found = found || label->text().contains(text);
        return found;
    };
    EXPECT_TRUE(captioned(QString("after %1 loss queries").arg(queries.back())));

    panel.showOutcome(*outcome);  // redrawn from the history, against the same queries
    EXPECT_EQ(panel.plots()[0]->graph(0)->data()->at(0)->key, 40.0);
    EXPECT_TRUE(captioned(QString("evaluations over %1 loss queries").arg(queries.back())));
    panel.startRun("LatentTrees");  // the next run starts on epochs again
    panel.addEpoch(EpochPoint{1, 10, 1.0, 1.1, 0.3, 0.2, 7, "accuracy", nullptr});
    EXPECT_EQ(panel.plots()[0]->xAxis->label(), "epoch");
    EXPECT_EQ(panel.plots()[0]->graph(0)->data()->at(0)->key, 1.0);
}

// A thousand epochs added in a tight loop cost a handful of replots, not a thousand.
TEST(TrainingPanel, CoalescesReplots) {
    TrainingPanel panel;
    panel.startRun("LatentTrees");
    let_timers_run();
    const int before = panel.replotCount();
    for (int epoch = 1; epoch <= 1000; ++epoch)
        panel.addEpoch(EpochPoint{epoch, 1000, 1.0 / epoch, 1.2 / epoch, 0.5, 0.4, 10, "accuracy", nullptr});
    let_timers_run();
    const int replots = panel.replotCount() - before;
    EXPECT_GE(replots, 1);
    EXPECT_LE(replots, 3);
    EXPECT_EQ(panel.plots()[0]->graph(0)->dataCount(), 1000);
    let_timers_run();
    EXPECT_EQ(panel.replotCount() - before, replots) << "nothing new, no replot";
}

// CART shows its cost-complexity path: impurity rising and leaves falling with alpha, the test metric beside.
TEST(TrainingPanel, ShowsTheCartPruningPath) {
    const RunOutcome outcome = run_training(glass("cart", {}));
    TrainingPanel panel;
    panel.showOutcome(outcome);
    const QList<QCustomPlot*> plots = panel.plots();
    const int points = plots[0]->graph(0)->dataCount();
    ASSERT_GT(points, 3);
    const auto impurity = plots[0]->graph(0)->data();
    EXPECT_EQ(impurity->at(0)->key, 0.0);
    EXPECT_GT(impurity->at(points - 1)->value, impurity->at(0)->value);
    EXPECT_EQ(plots[1]->graph(1)->dataCount(), points) << "test accuracy at every alpha";
    EXPECT_EQ(plots[2]->graph(0)->data()->at(points - 1)->value, 1.0) << "the path ends at the root";
}

// The log-scale toggle switches the loss axis and follows the checkbox.
TEST(TrainingPanel, LogScaleToggle) {
    TrainingPanel panel;
    EXPECT_FALSE(panel.logScale());
    panel.findChild<QCheckBox*>()->setChecked(true);
    EXPECT_TRUE(panel.logScale());
    EXPECT_EQ(panel.plots()[0]->yAxis->scaleType(), QCPAxis::stLogarithmic);
    panel.setLogScale(false);
    EXPECT_FALSE(panel.findChild<QCheckBox*>()->isChecked());
    EXPECT_EQ(panel.plots()[0]->yAxis->scaleType(), QCPAxis::stLinear);
}

}  // namespace
}  // namespace treelab
