#include <gtest/gtest.h>

#include "core/learners/learner.h"
#include "core/run/prepared_data.h"
#include "core/run/run_config.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

RunConfig glass_config(std::uint32_t seed) {
    RunConfig config;
    config.data_file = test::dataset("glass.csv");
    config.target = "Type";
    config.params = ParamValues(find_learner("cart").params);
    config.seed = seed;
    return config;
}

// A split seed holds the rows of every split fixed while the learner's seed varies; without it the seed moves both.
TEST(PreparedData, SplitSeedFixesTheSplitAcrossModelSeeds) {
    RunConfig first = glass_config(1225), second = glass_config(1337);
    EXPECT_NE(prepare_data(first).split.test, prepare_data(second).split.test);
    first.split_seed = second.split_seed = 459107u;
    const PreparedData a = prepare_data(first), b = prepare_data(second);
    EXPECT_EQ(a.split.train, b.split.train);
    EXPECT_EQ(a.split.test, b.split.test);
}

// The run card's command line names the split seed only when one is set.
TEST(RunConfig, EquivalentCommandCarriesTheSplitSeed) {
    RunConfig config = glass_config(3);
    EXPECT_EQ(equivalent_command(config).find("--split-seed"), std::string::npos);
    config.split_seed = 459107u;
    EXPECT_NE(equivalent_command(config).find("--seed 3 --split-seed 459107"), std::string::npos) << equivalent_command(config);
}

}  // namespace
}  // namespace treelab
