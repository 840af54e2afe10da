// StartProgress: a run's progress when its starts train at once and their reports interleave.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "app/session/start_progress.h"

namespace treelab {
namespace {

// Three starts of 100 epochs each, two at a time, report interleaved: the bar counts every
// start's epochs so far of 300, and never goes back when an earlier epoch of another start comes.
TEST(StartProgress, CountsEveryStartsEpochsAndOnlyGrows) {
    StartProgress progress;
    const std::vector<std::pair<int, int>> reports = {{1, 3}, {0, 40}, {2, 1}, {1, 4}, {0, 41}, {2, 2}};
    std::vector<std::pair<int, int>> shown;
    for (const auto& [start, epoch] : reports) shown.push_back(progress.after(start, 3, epoch, 100));
    const std::vector<std::pair<int, int>> expected = {{3, 300}, {43, 300}, {44, 300}, {45, 300}, {46, 300}, {47, 300}};
    EXPECT_EQ(shown, expected);
}

// A run of one start shows its own epoch of its total; an unknown total stays unknown.
TEST(StartProgress, OneStartShowsItsEpoch) {
    StartProgress progress;
    EXPECT_EQ(progress.after(0, 1, 7, 50), (std::pair{7, 50}));
    EXPECT_EQ(progress.after(0, 1, 8, 50), (std::pair{8, 50}));
    StartProgress unknown;
    EXPECT_EQ(unknown.after(1, 2, 5, 0), (std::pair{5, 0}));
}

}  // namespace
}  // namespace treelab
