// EpochScrubber: follows the run, then hands back the tree of the epoch the user scrubs to.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include <QSlider>
#include <QTest>

#include "ui/tree/epoch_scrubber.h"

namespace treelab {
namespace {

std::shared_ptr<const TreeModel> tree_with_nodes(int nodes) {
    auto tree = std::make_shared<TreeModel>();
    tree->nodes.resize(static_cast<std::size_t>(nodes));
    return tree;
}

// What TrainingSession reports for `epoch` of start `start` (of `starts`) with `tree` attached.
EpochPoint point(int epoch, std::shared_ptr<const TreeModel> tree, int start = 0, int starts = 1) {
    EpochPoint result;
    result.epoch = epoch;
    result.snapshot = std::move(tree);
    result.start = start;
    result.starts = starts;
    return result;
}

// While the slider is on the newest tree it follows new ones; moved back, it stays and emits the
// tree recorded at that epoch; clear() forgets the run.
TEST(EpochScrubber, EmitsTheTreeOfTheChosenEpoch) {
    EpochScrubber scrubber;
    std::vector<std::shared_ptr<const TreeModel>> shown;
    QObject::connect(&scrubber, &EpochScrubber::snapshotChosen, &scrubber,
                     [&](std::shared_ptr<const TreeModel> tree) { shown.push_back(std::move(tree)); });
    const auto first = tree_with_nodes(1), second = tree_with_nodes(3), third = tree_with_nodes(7);
    scrubber.addSnapshot(point(1, first));
    scrubber.addSnapshot(point(5, second));
    scrubber.addSnapshot(point(6, nullptr));  // an epoch without a tree is not recorded
    EXPECT_EQ(shown, (std::vector<std::shared_ptr<const TreeModel>>{first})) << "the canvas follows a live run at a pace";
    EXPECT_EQ(scrubber.label(), "epoch 1 of 1") << "the label names the tree the canvas shows";
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.size() == 2u; }));
    ASSERT_EQ(shown, (std::vector<std::shared_ptr<const TreeModel>>{first, second}));
    EXPECT_EQ(scrubber.label(), "epoch 5 of 5");
    EXPECT_EQ(scrubber.snapshotCount(), 2);

    scrubber.findChild<QSlider*>()->setValue(0);  // the user moves back
    ASSERT_EQ(shown.back(), first);
    EXPECT_EQ(scrubber.currentEpoch(), 1);
    scrubber.addSnapshot(point(9, third));  // not followed: the user is looking at epoch 1
    EXPECT_EQ(shown.size(), 3u);
    EXPECT_EQ(scrubber.currentEpoch(), 1);
    scrubber.setCurrentIndex(2);
    EXPECT_EQ(shown.back(), third);
    EXPECT_EQ(scrubber.currentEpoch(), 9);

    scrubber.clear();
    EXPECT_EQ(scrubber.snapshotCount(), 0);
    EXPECT_EQ(scrubber.currentEpoch(), 0);
    scrubber.addSnapshot(point(2, second));
    EXPECT_EQ(shown.back(), second);
}

// A finished run: its recorded trees, then its returned model as the last position, where the
// slider stands; each position's label names the start and epoch of the tree it emits, and the
// last one says the tree is the returned model and where it comes from.
TEST(EpochScrubber, EndsOnTheReturnedModelOfARun) {
    auto run = std::make_shared<RunOutcome>();
    run->model.tree.nodes.resize(5);
    run->chosen_start = 1;
    run->chosen_epoch = 20;
    run->starts.resize(2);
    for (int start = 0; start < 2; ++start)
        for (const int epoch : {1, 10, 20, 30})
            run->recorded_trees.push_back({start, 2, epoch, -1, tree_with_nodes(epoch)});
    EpochScrubber scrubber;
    std::vector<std::shared_ptr<const TreeModel>> shown;
    QObject::connect(&scrubber, &EpochScrubber::snapshotChosen, &scrubber,
                     [&](std::shared_ptr<const TreeModel> tree) { shown.push_back(std::move(tree)); });
    scrubber.showRun(run);
    EXPECT_EQ(scrubber.snapshotCount(), 9);
    EXPECT_TRUE(scrubber.onReturnedModel());
    EXPECT_TRUE(shown.empty()) << "the Tree tab already shows the run's model";
    EXPECT_EQ(scrubber.label(), "returned model: start 2, epoch 20 (the run's choice)");
    EXPECT_EQ(scrubber.currentStart(), 1);
    EXPECT_EQ(scrubber.currentEpoch(), 20);
    scrubber.setCurrentIndex(5);
    EXPECT_EQ(shown.back(), run->recorded_trees[5].tree);
    EXPECT_EQ(scrubber.label(), "start 2 of 2, epoch 10");
    QTest::keyClick(scrubber.slider(), Qt::Key_End);  // the user drags it to the end
    EXPECT_EQ(shown.back().get(), &run->model.tree);
    EXPECT_TRUE(scrubber.slider()->isEnabled());

    run->picked = PickedStart{0, {}, {}};
    run->starts[0].best_epoch = 30;
    scrubber.showRun(run);
    EXPECT_EQ(scrubber.label(), "returned model: start 1, epoch 30 (kept in place of the run's choice)");

    auto single = std::make_shared<RunOutcome>();  // CART, a model file
    scrubber.showRun(single);
    EXPECT_EQ(scrubber.snapshotCount(), 1);
    EXPECT_FALSE(scrubber.slider()->isEnabled());
    EXPECT_EQ(scrubber.label(), "the returned model: no trees were recorded epoch by epoch for this run");
}

// A run with restarts (GradTree) numbers each start's epochs from 1: the label names the start,
// where "epoch 10 of 10" would pass a later start's tree off as the end of one run.
TEST(EpochScrubber, NamesTheStartOfARunWithRestarts) {
    EpochScrubber scrubber;
    scrubber.addSnapshot(point(1, tree_with_nodes(1)));
    EXPECT_EQ(scrubber.label(), "epoch 1 of 1");
    scrubber.clear();
    scrubber.addSnapshot(point(10, tree_with_nodes(1), 0, 4));
    scrubber.addSnapshot(point(10, tree_with_nodes(3), 1, 4));
    ASSERT_TRUE(QTest::qWaitFor([&] { return scrubber.label() == "start 2 of 4, epoch 10"; })) << scrubber.label().toStdString();
    scrubber.setCurrentIndex(0);
    EXPECT_EQ(scrubber.label(), "start 1 of 4, epoch 10");
}

// A run that counts loss queries (bandit feedback) labels its trees by them, not by evaluation.
TEST(EpochScrubber, LabelsAnOnlineRunsTreesByLossQueries) {
    EpochScrubber scrubber;
    for (const long long queries : {400LL, 800LL, 1200LL}) {
        EpochPoint recorded = point(static_cast<int>(queries / 400), tree_with_nodes(3));
        recorded.loss_queries = queries;
        scrubber.addSnapshot(recorded);
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return scrubber.label() == "after 1200 of 1200 loss queries"; })) << scrubber.label().toStdString();
    scrubber.setCurrentIndex(0);
    EXPECT_EQ(scrubber.label(), "after 400 of 1200 loss queries");
}

}  // namespace
}  // namespace treelab
