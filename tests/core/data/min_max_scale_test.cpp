#include <gtest/gtest.h>

#include "core/data/min_max_scale.h"
#include "core/error.h"

namespace treelab {
namespace {

// The training values map onto [0, 1] and back; a constant target keeps range 1; no values is refused.
TEST(MinMaxScale, MapsTheTrainingValuesOntoTheUnitInterval) {
    const Eigen::Vector3d y(4.0, -2.0, 1.0);
    const MinMaxScale scale = MinMaxScale::fit(y);
    EXPECT_EQ(scale.low, -2.0);
    EXPECT_EQ(scale.range, 6.0);
    EXPECT_EQ(scale.apply(y), Eigen::Vector3d(1.0, 0.0, 0.5));
    EXPECT_EQ(scale.invert(Eigen::Vector2d(0.5, 2.0)), Eigen::Vector2d(1.0, 10.0));
    EXPECT_EQ(MinMaxScale::fit(Eigen::Vector2d(3.0, 3.0)).range, 1.0);
    EXPECT_THROW(MinMaxScale::fit(Eigen::VectorXd()), Error);
}

}  // namespace
}  // namespace treelab
