#include <algorithm>
#include <cmath>
#include <mutex>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "core/learners/depth_search.h"
#include "core/params/param_spec.h"

namespace treelab {
namespace {

// y = row index on one feature, a regression task.
Dataset rows(Eigen::Index n) {
    Dataset data;
    data.task = Task::Regression;
    data.X = Eigen::VectorXd::LinSpaced(n, 0.0, static_cast<double>(n - 1));
    data.y = data.X.col(0);
    data.feature_names = {"x"};
    return data;
}

// A one-leaf tree predicting `value` for every row.
TrainResult constant_tree(double value) {
    TrainResult result;
    result.model.task = Task::Regression;
    result.model.feature_names = {"x"};
    TreeNode leaf;
    leaf.distribution = Eigen::VectorXd::Constant(1, value);
    result.model.nodes = {leaf};
    return result;
}

// Fits whose held-out error grows with the distance of the depth from `best`: the tree predicts the
// held-out mean plus that distance. Records the depths asked and the rows each fit was given.
struct FakeFits {
    int best = 3;
    std::vector<int> depths;
    std::vector<Eigen::Index> fitted_rows, held_out_rows;
    int stop_at_depth = 0;  // the user stops during this depth's fit (0 = never)
    std::mutex mutex;

    DepthFit fit() {
        return [this](int depth, const TrainInput& input, const Progress& progress) {
            {
                const std::lock_guard<std::mutex> lock(mutex);  // fits of a wave run at once
                depths.push_back(depth);
                fitted_rows.push_back(input.train.rows());
                held_out_rows.push_back(input.valid->rows());
            }
            EpochReport report;
            report.epoch = 1;
            if (depth == stop_at_depth) {
                EXPECT_FALSE(progress(report));
            } else {
                EXPECT_TRUE(progress(report));
            }
            return constant_tree(input.valid->y.mean() + std::abs(depth - best));
        };
    }
};

const ParamValues kNoParams;
const DepthSearch kOneToEight{{1, 2, 3, 4, 5, 6, 7, 8}, 2, "depth"};

// On one thread the search fits one depth at a time, in order (the tests below check that order).
struct DepthSearchOnOneThread : ::testing::Test {
    tbb::global_control limit{tbb::global_control::max_allowed_parallelism, 1};
};

// With validation rows, the fits train on the training rows and are scored on the validation rows;
// the search stops `patience` depths after the best, which it returns, and that fit is reusable.
TEST_F(DepthSearchOnOneThread, PicksTheBestHeldOutDepthAndStopsTwoDepthsLater) {
    const Dataset train = rows(30), valid = rows(12);
    FakeFits fits;
    std::vector<EpochReport> seen;
    std::vector<std::string> phases;
    const DepthChoice choice = choose_depth(TrainInput{train, &valid, kNoParams, 1}, fits.fit(), kOneToEight, [&](const EpochReport& report) {
        seen.push_back(report);
        phases.emplace_back(report.phase);
        return true;
    });
    EXPECT_FALSE(choice.cancelled);
    EXPECT_TRUE(choice.reusable);
    EXPECT_EQ(choice.depth, 3);
    EXPECT_EQ(fits.depths, (std::vector<int>{1, 2, 3, 4, 5}));
    EXPECT_EQ(fits.fitted_rows, std::vector<Eigen::Index>(5, 30));
    EXPECT_EQ(fits.held_out_rows, std::vector<Eigen::Index>(5, 12));
    ASSERT_EQ(seen.size(), 5u);
    for (const EpochReport& report : seen) EXPECT_TRUE(report.heartbeat) << "the search's epochs stay out of the run's curves";
    EXPECT_EQ(phases.front(), "choosing the depth on the validation rows: depth 1 (trying 1 to 8)");
    EXPECT_EQ(phases.back(), "choosing the depth on the validation rows: depth 5 (trying 1 to 8)");
}

// Without validation rows, a third of the training rows is held out (004 App. F.1's 2:1).
TEST_F(DepthSearchOnOneThread, WithoutValidationRowsHoldsOutAThirdOfTheTrainingRows) {
    const Dataset train = rows(30);
    FakeFits fits;
    fits.best = 1;
    const DepthChoice choice = choose_depth(TrainInput{train, nullptr, kNoParams, 1}, fits.fit(), kOneToEight, {});
    EXPECT_EQ(choice.depth, 1);
    EXPECT_FALSE(choice.reusable) << "fitted on two thirds of the training rows";
    EXPECT_EQ(fits.depths, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(fits.fitted_rows.front(), 20);
    EXPECT_EQ(fits.held_out_rows.front(), 10);
}

// The search never goes past its last depth, however the score keeps improving.
TEST_F(DepthSearchOnOneThread, StopsAtTheDeepestAutomaticDepth) {
    const Dataset train = rows(30), valid = rows(12);
    FakeFits fits;
    fits.best = 20;
    const DepthChoice choice = choose_depth(TrainInput{train, &valid, kNoParams, 1}, fits.fit(), kOneToEight, {});
    EXPECT_EQ(choice.depth, 8);
    EXPECT_EQ(fits.depths.back(), 8);
}

// The depths are the learner's list, in its order, and the phase uses its word (DGT's even heights).
TEST_F(DepthSearchOnOneThread, TriesTheListedDepthsUnderTheLearnersName) {
    const Dataset train = rows(30), valid = rows(12);
    FakeFits fits;
    fits.best = 5;
    std::vector<std::string> phases;
    const DepthChoice choice = choose_depth(TrainInput{train, &valid, kNoParams, 1}, fits.fit(), DepthSearch{{2, 4, 6, 8}, 1, "height"},
                                            [&](const EpochReport& report) {
                                                phases.emplace_back(report.phase);
                                                return true;
                                            });
    EXPECT_EQ(fits.depths, (std::vector<int>{2, 4, 6}));
    EXPECT_EQ(choice.depth, 4) << "4 and 6 are as far from 5; the first wins";
    EXPECT_EQ(phases.front(), "choosing the height on the validation rows: height 2 (trying 2 to 8)");
}

// A stop during a fit ends the search at once and keeps the best finished depth's tree.
TEST_F(DepthSearchOnOneThread, AStopKeepsTheBestFinishedFit) {
    const Dataset train = rows(30), valid = rows(12);
    FakeFits fits;
    fits.stop_at_depth = 3;
    const DepthChoice choice = choose_depth(TrainInput{train, &valid, kNoParams, 1}, fits.fit(), kOneToEight,
                                           [&](const EpochReport&) { return fits.depths.back() != 3; });
    EXPECT_TRUE(choice.cancelled);
    EXPECT_EQ(fits.depths.back(), 3);
    EXPECT_EQ(choice.depth, 2);
    EXPECT_TRUE(choice.best_so_far.stopped_early);
    EXPECT_DOUBLE_EQ(choice.best_so_far.model.nodes[0].distribution(0), valid.y.mean() + 1.0) << "depth 2's tree";
}

// With two threads the depths are fitted in waves of two: the same choice and the same fit kept,
// with at most one depth fitted past the one where patience ends the search.
TEST(DepthSearchInParallel, ChoosesTheSameDepthInWavesOfTwo) {
    const Dataset train = rows(30), valid = rows(12);
    for (const int best : {1, 2, 3, 6, 8}) {
        FakeFits sequential, parallel;
        sequential.best = parallel.best = best;
        DepthChoice one, two;
        {
            const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
            one = choose_depth(TrainInput{train, &valid, kNoParams, 1}, sequential.fit(), kOneToEight, {});
        }
        std::vector<std::string> phases;
        {
            const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
            two = choose_depth(TrainInput{train, &valid, kNoParams, 1}, parallel.fit(), kOneToEight, [&](const EpochReport& report) {
                phases.emplace_back(report.phase);
                return true;
            });
        }
        EXPECT_EQ(one.depth, best);
        EXPECT_EQ(two.depth, one.depth) << best;
        EXPECT_EQ(two.best_so_far.model.nodes[0].distribution(0), one.best_so_far.model.nodes[0].distribution(0));
        std::sort(parallel.depths.begin(), parallel.depths.end());
        EXPECT_TRUE(std::includes(parallel.depths.begin(), parallel.depths.end(), sequential.depths.begin(), sequential.depths.end()));
        EXPECT_LE(parallel.depths.size(), sequential.depths.size() + 1) << best;
        if (tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) >= 2 && !phases.empty()) {
            EXPECT_EQ(phases.front(), "choosing the depth on the validation rows: depths 1, 2 (trying 1 to 8)");
        }
    }
}

}  // namespace
}  // namespace treelab
