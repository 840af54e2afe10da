// EpochScrubber: follows the run, then hands back the tree of the epoch the user scrubs to.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include <QSlider>

#include "ui/epoch_scrubber.h"

namespace treelab {
namespace {

std::shared_ptr<const TreeModel> tree_with_nodes(int nodes) {
    auto tree = std::make_shared<TreeModel>();
    tree->nodes.resize(static_cast<std::size_t>(nodes));
    return tree;
}

// While the slider is on the newest tree it follows new ones; moved back, it stays and emits the
// tree recorded at that epoch; clear() forgets the run.
TEST(EpochScrubber, EmitsTheTreeOfTheChosenEpoch) {
    EpochScrubber scrubber;
    std::vector<std::shared_ptr<const TreeModel>> shown;
    QObject::connect(&scrubber, &EpochScrubber::snapshotChosen, &scrubber,
                     [&](std::shared_ptr<const TreeModel> tree) { shown.push_back(std::move(tree)); });
    const auto first = tree_with_nodes(1), second = tree_with_nodes(3), third = tree_with_nodes(7);
    scrubber.addSnapshot(1, first);
    scrubber.addSnapshot(5, second);
    scrubber.addSnapshot(0, nullptr);  // an epoch without a tree is not recorded
    ASSERT_EQ(shown, (std::vector<std::shared_ptr<const TreeModel>>{first, second}));
    EXPECT_EQ(scrubber.snapshotCount(), 2);

    scrubber.findChild<QSlider*>()->setValue(0);  // the user moves back
    ASSERT_EQ(shown.back(), first);
    EXPECT_EQ(scrubber.currentEpoch(), 1);
    scrubber.addSnapshot(9, third);  // not followed: the user is looking at epoch 1
    EXPECT_EQ(shown.size(), 3u);
    EXPECT_EQ(scrubber.currentEpoch(), 1);
    scrubber.setCurrentIndex(2);
    EXPECT_EQ(shown.back(), third);
    EXPECT_EQ(scrubber.currentEpoch(), 9);

    scrubber.clear();
    EXPECT_EQ(scrubber.snapshotCount(), 0);
    EXPECT_EQ(scrubber.currentEpoch(), 0);
    scrubber.addSnapshot(2, second);
    EXPECT_EQ(shown.back(), second);
}

}  // namespace
}  // namespace treelab
