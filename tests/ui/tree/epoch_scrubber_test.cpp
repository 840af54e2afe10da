// EpochScrubber: follows the run, then hands back the tree of the epoch the user scrubs to.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <utility>
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

// What TrainingSession reports for `epoch` (of `total`, 0 = unknown) of start `start` (of `starts`)
// with `tree` attached.
EpochPoint point(int epoch, std::shared_ptr<const TreeModel> tree, int start = 0, int starts = 1, int total = 0) {
    EpochPoint result;
    result.epoch = epoch;
    result.total = total;
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
// where "epoch 10 of 10" would pass a later start's tree off as the end of one run. A start that
// has reached its last epoch has ended: the live slider follows the next start's first tree.
TEST(EpochScrubber, NamesTheStartOfARunWithRestarts) {
    EpochScrubber scrubber;
    scrubber.addSnapshot(point(1, tree_with_nodes(1)));
    EXPECT_EQ(scrubber.label(), "epoch 1 of 1");
    scrubber.clear();
    scrubber.addSnapshot(point(10, tree_with_nodes(1), 0, 4, 10));
    scrubber.addSnapshot(point(10, tree_with_nodes(3), 1, 4, 10));
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

// Starts that train at once report interleaved (start 2 epoch 10, start 1 epoch 10, start 1
// epoch 20, start 3 epoch 10, ...): the slider's positions read start by start, each start's
// trees in epoch order, and each position shows and names that start's tree at that epoch.
TEST(EpochScrubber, ReadsInterleavedStartsStartByStart) {
    EpochScrubber scrubber;
    std::vector<std::shared_ptr<const TreeModel>> shown;
    QObject::connect(&scrubber, &EpochScrubber::snapshotChosen, &scrubber,
                     [&](std::shared_ptr<const TreeModel> tree) { shown.push_back(std::move(tree)); });
    const std::vector<std::pair<int, int>> reports = {{1, 10}, {0, 10}, {0, 20}, {2, 10}, {1, 20}, {2, 20}, {0, 30}, {1, 30}};
    std::map<std::pair<int, int>, std::shared_ptr<const TreeModel>> fed;
    for (const auto& [start, epoch] : reports) {
        fed[{start, epoch}] = tree_with_nodes(100 * start + epoch);
        scrubber.addSnapshot(point(epoch, fed[{start, epoch}], start, 3));
    }
    ASSERT_EQ(scrubber.snapshotCount(), 8);
    int index = 0;
    for (const auto& [key, tree] : fed) {  // the map's order: by start, then epoch
        scrubber.setCurrentIndex(index);
        EXPECT_EQ(shown.back(), tree) << "position " << index;
        EXPECT_EQ(scrubber.currentStart(), key.first) << "position " << index;
        EXPECT_EQ(scrubber.currentEpoch(), key.second) << "position " << index;
        EXPECT_EQ(scrubber.label(), QStringLiteral("start %1 of 3, epoch %2").arg(key.first + 1).arg(key.second));
        ++index;
    }
}

// While starts report interleaved, the live slider follows the newest tree of one start: the
// canvas shows that start learning, not the two starts' trees by turns. Once it stops recording
// (it ended) and another start has recorded three trees, the slider follows that one.
TEST(EpochScrubber, FollowsOneStartOfInterleavedStarts) {
    EpochScrubber scrubber;
    std::vector<std::shared_ptr<const TreeModel>> shown;
    QObject::connect(&scrubber, &EpochScrubber::snapshotChosen, &scrubber,
                     [&](std::shared_ptr<const TreeModel> tree) { shown.push_back(std::move(tree)); });
    std::map<std::pair<int, int>, std::shared_ptr<const TreeModel>> fed;
    const auto report = [&](int start, int epoch) {
        fed[{start, epoch}] = tree_with_nodes(100 * start + epoch);
        scrubber.addSnapshot(point(epoch, fed[{start, epoch}], start, 2));
    };
    report(0, 10);
    report(1, 10);
    report(0, 20);
    report(1, 20);
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.back() == fed[{0, 20}]; }));
    EXPECT_EQ(shown, (std::vector<std::shared_ptr<const TreeModel>>{fed[{0, 10}], fed[{0, 20}]})) << "start 2's trees by turns";
    EXPECT_EQ(scrubber.label(), "start 1 of 2, epoch 20");
    report(1, 30);  // the first start has ended
    report(1, 40);
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.back() == fed[{1, 40}]; })) << scrubber.label().toStdString();
    EXPECT_EQ(scrubber.label(), "start 2 of 2, epoch 40");
    EXPECT_EQ(shown.size(), 3u) << "start 2's earlier trees were not shown on the way";
    report(1, 50);
    ASSERT_TRUE(QTest::qWaitFor([&] { return shown.back() == fed[{1, 50}]; }));
    EXPECT_EQ(scrubber.currentIndex(), scrubber.snapshotCount() - 1);
}

// A tree the user chose stays on the canvas when another start's trees come in, even those of an
// earlier start, which take positions before it.
TEST(EpochScrubber, KeepsTheChosenTreeWhileEarlierStartsReport) {
    EpochScrubber scrubber;
    std::vector<std::shared_ptr<const TreeModel>> shown;
    QObject::connect(&scrubber, &EpochScrubber::snapshotChosen, &scrubber,
                     [&](std::shared_ptr<const TreeModel> tree) { shown.push_back(std::move(tree)); });
    const auto chosen = tree_with_nodes(110);
    scrubber.addSnapshot(point(10, tree_with_nodes(10), 0, 2));
    scrubber.addSnapshot(point(10, chosen, 1, 2));
    scrubber.addSnapshot(point(20, tree_with_nodes(120), 1, 2));
    scrubber.setCurrentIndex(1);  // start 2, epoch 10
    ASSERT_EQ(shown.back(), chosen);
    const std::size_t emitted = shown.size();
    scrubber.addSnapshot(point(20, tree_with_nodes(20), 0, 2));
    scrubber.addSnapshot(point(30, tree_with_nodes(130), 1, 2));
    EXPECT_EQ(shown.size(), emitted) << "the canvas keeps the chosen tree";
    EXPECT_EQ(scrubber.currentIndex(), 2);
    EXPECT_EQ(scrubber.currentStart(), 1);
    EXPECT_EQ(scrubber.currentEpoch(), 10);
    EXPECT_EQ(scrubber.label(), "start 2 of 2, epoch 10");
}

}  // namespace
}  // namespace treelab
