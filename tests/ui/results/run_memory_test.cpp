// A long workbench session keeps its memory bounded by structure: runs trained on the same data
// configuration share one PreparedData, and only the last ResultsPanel::kRunsWithRecordedTrees runs
// keep the trees recorded while they trained and their test probabilities; an older run keeps its
// final tree and history, its ROC curves are predicted again, and the Tree tab says why its slider
// has nothing to scrub. Real window offscreen, real clicks.
#include <gtest/gtest.h>

#include <QSpinBox>

#include "app/session/run_analysis_session.h"
#include "tests/support/test_support.h"
#include "tests/support/workbench_steps.h"
#include "ui/main_window.h"
#include "ui/method/method_panel.h"
#include "ui/results/results_panel.h"
#include "ui/tree/epoch_scrubber.h"
#include "ui/tree/tree_tab.h"

namespace treelab {
namespace {

TEST(RunMemory, RunsShareTheirDataAndOlderRunsDropRecordedTrees) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(test::load_data(*window.dataPanel(), test::glass_file()));
    window.methodPanel()->setMethod("gradtree");
    window.methodPanel()->setValues(method_params("gradtree", {"depth=2", "epochs=2", "restarts=0"}));
    const int runs = static_cast<int>(ResultsPanel::kRunsWithRecordedTrees) + 2;
    for (int run = 0; run < runs; ++run) ASSERT_TRUE(test::train_and_wait(window)) << run;
    ResultsPanel& results = *window.resultsPanel();
    ASSERT_EQ(results.runCount(), runs);
    for (int row = 1; row < runs; ++row) EXPECT_EQ(results.run(row)->data.get(), results.run(0)->data.get()) << row;
    ASSERT_NE(results.run(0)->data, nullptr);
    for (int row = 0; row < runs; ++row) {
        const bool kept = row >= runs - static_cast<int>(ResultsPanel::kRunsWithRecordedTrees);
        EXPECT_EQ(results.run(row)->recorded_trees.empty(), !kept) << row;
        EXPECT_EQ(results.run(row)->recorded_trees_dropped, !kept) << row;
        EXPECT_EQ(results.run(row)->test_probabilities.size() == 0, !kept) << row;
        EXPECT_FALSE(results.run(row)->history.empty()) << row;
        EXPECT_TRUE(run_scores_detail(results.run(row)).curves.has_value()) << row;  // the ROC page predicts them again
    }
    // An older run shown: its returned tree alone, with the notice; a recent one scrubs its trees.
    ASSERT_TRUE(test::click_run(window, 0));
    EpochScrubber& scrubber = *window.treeTab()->scrubber();
    EXPECT_EQ(scrubber.snapshotCount(), 1);
    EXPECT_TRUE(scrubber.label().contains("dropped to keep memory bounded")) << scrubber.label().toStdString();
    ASSERT_TRUE(test::click_run(window, runs - 1));
    EXPECT_GT(scrubber.snapshotCount(), 1);
    EXPECT_FALSE(scrubber.label().contains("dropped"));
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
