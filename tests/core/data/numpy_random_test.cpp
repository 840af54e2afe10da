#include <gtest/gtest.h>

#include "core/data/numpy_random.h"

namespace treelab {
namespace {

// random_sample and randn agree with numpy's legacy RandomState bit for bit (values printed by numpy 1.24.2).
TEST(NumpyRandom, UniformAndGaussMatchNumpy) {
    NumpyRandom uniform(7);
    for (double expected : {0.07630828937395717, 0.7799187922401146, 0.4384092314408935})
        EXPECT_EQ(uniform.uniform(), expected);
    NumpyRandom gauss(42);
    for (double expected : {0.4967141530112327, -0.13826430117118466, 0.6476885381006925, 1.5230298564080254,
                            -0.23415337472333597})
        EXPECT_EQ(gauss.gauss(), expected);
}

}  // namespace
}  // namespace treelab
