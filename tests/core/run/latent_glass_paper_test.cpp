// 000 Table 3, self-supervised Glass, with the reference's protocol (vzantedeschi/LatentTrees
// hierarchical_clustering.py, src/clus_datasets.py): regress RI and Na from the other 7 z-scored columns, depth 6, λ = 17.894, batch 8,
// QHAdam lr 1e-3, ≤ 100 epochs; one sklearn-stratified split (seed 459107) and the 4 model seeds
// 1225, 1337, 2020, 6021991; test dendrogram purity, reference variant.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "core/learners/learner.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The paper reports 0.494 ± 0.025; TreeLab measures 0.467 ± 0.034 (seeds give 0.417, 0.502, 0.455,
// 0.495). The gap is 1.1 paper std (0.8 of ours); this test keeps the reproduction within two paper
// stds of the published mean and records the per-seed values.
TEST(LatentGlassPaper, SelfSupervisedDendrogramPurityNearTable3) {
    const std::array<std::uint32_t, 4> seeds = {1225, 1337, 2020, 6021991};
    double sum = 0.0;
    for (const std::uint32_t seed : seeds) {
        RunConfig config;
        config.data_file = test::dataset("glass.csv");
        config.target = "Type";
        config.method = "latent";
        config.params = method_params("latent", {"formulation=iclr", "task=self_supervised", "regress=RI,Na", "depth=6",
                                                 "lambda=17.893973029582362", "batch_size=8", "learning_rate=0.001"});
        config.seed = seed;
        config.split_seed = 459107u;
        config.split_mode = SplitMode::SklearnStratified;
        config.scaling = Scaling::ZScore;
        const RunOutcome outcome = run_training(config);
        const double purity = outcome.test_scores.at("dendrogram_purity");
        RecordProperty("dp_seed_" + std::to_string(seed), std::to_string(purity));
        sum += purity;
    }
    const double mean = sum / static_cast<double>(seeds.size());
    EXPECT_GT(mean, 0.494 - 2 * 0.025) << "mean test DP " << mean;
}

}  // namespace
}  // namespace treelab
