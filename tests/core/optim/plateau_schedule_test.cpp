#include <vector>

#include <gtest/gtest.h>

#include "core/optim/plateau_schedule.h"

namespace treelab {
namespace {

// The rates follow torch's ReduceLROnPlateau('min', factor=0.1, patience=2): a loss must beat the
// best by the relative threshold 1e-4, and the rate drops after the third epoch that does not.
TEST(PlateauSchedule, MatchesReduceLrOnPlateau) {
    PlateauSchedule schedule(0.1, 2);
    const std::vector<double> losses{1.0, 1.0, 0.99995, 1.0, 0.5, 0.6, 0.6, 0.6, 0.4};
    const std::vector<double> expected{1.0, 1.0, 1.0, 0.1, 0.1, 0.1, 0.1, 0.01, 0.01};
    double rate = 1.0;
    for (std::size_t e = 0; e < losses.size(); ++e) {
        rate = schedule.next_rate(losses[e], rate);
        EXPECT_DOUBLE_EQ(rate, expected[e]) << "epoch " << e + 1;
    }
}

// As in torch (eps = 1e-8), a reduction smaller than 1e-8 is skipped.
TEST(PlateauSchedule, TinyReductionsAreSkipped) {
    PlateauSchedule schedule(0.1, 0);
    EXPECT_EQ(schedule.next_rate(1.0, 1e-8), 1e-8);
    EXPECT_EQ(schedule.next_rate(1.0, 1e-8), 1e-8);
}

// Factor 0 switches the schedule off.
TEST(PlateauSchedule, FactorZeroIsOff) {
    PlateauSchedule schedule(0.0, 0);
    for (int e = 0; e < 5; ++e) EXPECT_EQ(schedule.next_rate(1.0, 0.3), 0.3);
}

}  // namespace
}  // namespace treelab
