// A long workbench session keeps its memory bounded by structure: runs trained on the same data
// configuration share one PreparedData, and only the last ResultsPanel::kRunsInMemory runs and the
// selected one stay whole in memory; an older run goes to a file and comes back, the same run,
// when it is selected. Real window offscreen, real clicks.
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include "app/session/project_session.h"
#include "core/model/model_file.h"
#include "core/project/project_file.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

std::string project_text(const RunOutcome& stored) {
    Project project;
    project.runs.push_back({"run", std::nullopt, stored});
    return project_to_json(project);
}

TEST(RunMemory, OlderRunsGoToDiskAndComeBackTheSameWhenSelected) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("gradtree");
    window.methodPanel()->setValues(method_params("gradtree", {"depth=2", "epochs=2", "restarts=0"}));
    ResultsPanel& results = *window.resultsPanel();
    const int runs = static_cast<int>(ResultsPanel::kRunsInMemory) + 2;
    std::vector<std::shared_ptr<const RunOutcome>> trained;  // held here, so their memory stays too
    for (int run = 0; run < runs; ++run) {
        ASSERT_TRUE(test::train_and_wait(window)) << run;
        trained.push_back(results.run(run));
        ASSERT_NE(trained.back(), nullptr) << run;
    }
    const std::weak_ptr<const RunOutcome> first = trained[0];
    const QString metrics = results.metricsCsv();
    for (int row = 1; row < runs; ++row) EXPECT_EQ(trained[std::size_t(row)]->data.get(), trained[0]->data.get()) << row;

    // The two oldest go to disk; the rest and the selected (newest) one stay.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !results.isInMemory(0) && !results.isInMemory(1); }, 20000));
    for (int row = 2; row < runs; ++row) EXPECT_TRUE(results.isInMemory(row)) << row;
    EXPECT_EQ(results.run(0), nullptr);
    EXPECT_EQ(results.metricsCsv(), metrics);
    EXPECT_EQ(project_text(results.storedRun(0)()), project_text(stored_part(*trained[0])));
    const RunOutcome original = *trained[0];
    trained[0].reset();
    ASSERT_TRUE(QTest::qWaitFor([&] { return first.expired(); }, 5000)) << "the run on disk is still in memory";

    // Selected: the views wait, then show the run read back, with its recorded trees.
    QSignalSpy shown(&results, &ResultsPanel::runSelected);
    ASSERT_TRUE(test::click_run(window, 0));
    ASSERT_TRUE(QTest::qWaitFor([&] { return results.isInMemory(0); }, 20000));
    ASSERT_GE(shown.count(), 2);
    EXPECT_EQ(shown.first().at(0).value<std::shared_ptr<const RunOutcome>>(), nullptr);
    const auto back = shown.last().at(0).value<std::shared_ptr<const RunOutcome>>();
    ASSERT_EQ(back, results.run(0));
    EXPECT_EQ(model_to_json(back->model), model_to_json(original.model));
    ASSERT_EQ(back->test_predictions.size(), original.test_predictions.size());
    EXPECT_EQ(back->test_predictions, original.test_predictions);
    ASSERT_EQ(back->test_probabilities.rows(), original.test_probabilities.rows());
    ASSERT_EQ(back->test_probabilities.cols(), original.test_probabilities.cols());
    EXPECT_EQ(back->test_probabilities, original.test_probabilities);
    EXPECT_EQ(back->recorded_trees.size(), original.recorded_trees.size());
    EXPECT_EQ(back->history.size(), original.history.size());
    EXPECT_EQ(back->data.get(), original.data.get());
    ASSERT_FALSE(original.recorded_trees.empty());
    EXPECT_EQ(window.treeTab()->scrubber()->snapshotCount(), int(original.recorded_trees.size()) + 1);  // and the returned tree
    EXPECT_FALSE(window.treeTab()->scrubber()->label().contains("dropped"));

    // Another run selected: the first goes back to disk, without being written again.
    ASSERT_TRUE(test::click_run(window, runs - 1));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !results.isInMemory(0); }, 20000));
    EXPECT_EQ(results.metricsCsv(), metrics);
}

// Another seed is another split, so another data configuration: the run gets its own
// PreparedData; the same seed again shares the newest one.
TEST(RunMemory, AnotherSeedPreparesItsOwnData) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setValues(method_params("cart", {"max_depth=2"}));
    auto* seed = window.findChild<QSpinBox*>("seed");
    ASSERT_NE(seed, nullptr);
    ASSERT_TRUE(test::train_and_wait(window));
    seed->setValue(seed->value() + 1);
    ASSERT_TRUE(test::train_and_wait(window));
    ASSERT_TRUE(test::train_and_wait(window));
    ResultsPanel& results = *window.resultsPanel();
    ASSERT_EQ(results.runCount(), 3);
    EXPECT_NE(results.run(0)->data.get(), results.run(1)->data.get());
    EXPECT_EQ(results.run(1)->data.get(), results.run(2)->data.get());
}

}  // namespace
}  // namespace treelab
