// λ prunes over its whole range in the default LatentTrees configuration: on a log grid
// from 1e-3 to 1e3 the active nodes fall to at most half, and never rise by more than the noise of
// one run, on Glass self-supervised at depth 4 and on Wine supervised at depth 6 (fixed seed).
#include <gtest/gtest.h>

#include "core/learners/learner.h"
#include "core/run/sweep.h"
#include "core/run/sweep_grid.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

std::vector<int> active_nodes_along_lambda(const std::string& file, const std::string& target,
                                           const std::vector<std::string>& params) {
    SweepConfig config;
    config.base.data_file = test::dataset(file);
    config.base.target = target;
    config.base.method = "latent";
    config.base.params = method_params("latent", params);
    config.base.seed = 3;
    config.param = "lambda";
    config.values = grid_values(parse_grid("lambda", "log:1e-3:1e3:7"), find_learner("latent").params, "lambda");
    std::vector<int> active;
    for (const SweepRow& row : run_sweep(config)) active.push_back(row.tree.active_nodes);
    return active;
}

void expect_steady_fall(const std::vector<int>& active) {
    ASSERT_EQ(active.size(), 7u);
    EXPECT_LE(2 * active.back(), active.front());
    for (std::size_t k = 1; k < active.size(); ++k) EXPECT_LE(active[k], active[k - 1] + 2) << "lambda step " << k;
}

TEST(LatentLambdaSweep, GlassSelfSupervisedDepth4) {
    const std::vector<int> active = active_nodes_along_lambda("glass.csv", "Type", {"task=self_supervised", "depth=4"});
    expect_steady_fall(active);
    for (const int count : active) RecordProperty("active", count);
}

TEST(LatentLambdaSweep, WineDepth6) {
    expect_steady_fall(active_nodes_along_lambda("wine.csv", "cultivar", {"depth=6"}));
}

}  // namespace
}  // namespace treelab
