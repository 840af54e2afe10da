// GradTree's default setting (001 App. B.2: depth 10, rates 0.05 / 0.01 / 0.05, focal loss,
// 3 restarts) on Iris with the paper's protocol (001 §4.1, App. D): numpy-identical splits of data seeds 42..51,
// the noisy quantile-normal fit, SMOTE's trigger, learner seed 42; test macro-F1 over the 10 seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/run/sweep_summary.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

// The paper's Iris default-setting value is ambiguous: App. B.2 prints
// 0.938 ± .039, but B.2's multi-class GradTree column does not average to its own printed mean,
// which is that of App. B.1's default ST-entmax column, where Iris is 0.922 ± .068, the value the
// authors' GDTs-MULTI-DEFAULT notebook prints for this setting (0.922027 ± 0.068100). This test
// holds the B.1 / notebook value. TreeLab measures 0.910 ± 0.065 with its restarts in parallel, each on its
// own shuffle stream (0.878 ± 0.050 with them in sequence on one stream, 1.5 stds below B.2's): inside
// B.1's band; other learner seeds gave 0.905-0.925 (learner seed noise).
constexpr double kPaperMean = 0.922, kPaperStd = 0.068;

TEST(GradTreeIrisPaper, DefaultSettingWithinOnePaperStd) {
    std::vector<double> scores;
    for (std::uint32_t data_seed = 42; data_seed < 52; ++data_seed) {
        RunConfig config;
        config.data_file = test::dataset("iris.csv");
        config.target = "species";
        config.method = "gradtree";
        config.params = method_params("gradtree", {"preset=paper"});
        config.split_mode = SplitMode::GradTree;
        set_scaling(config, "quantile-gradtree");
        config.categorical_encoding = CategoricalEncoding::LeaveOneOut;
        config.smote = true;
        config.seed = data_seed;
        config.learner_seed = 42u;
        scores.push_back(run_training(config).test_scores.at("macro_f1"));
        RecordProperty("test_macro_f1_seed_" + std::to_string(data_seed), std::to_string(scores.back()));
    }
    const MeanStd score = mean_std(scores);
    EXPECT_LE(std::abs(score.mean - kPaperMean), kPaperStd) << "mean test macro-F1 " << score.mean << " ± " << score.std;
}

}  // namespace
}  // namespace treelab
