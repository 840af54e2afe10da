// The CART column of the GradTree paper (001), reproduced through TreeLab's own pipeline: the
// protocol's splits (numpy permutations, --split-mode gradtree), CART fitted on train ∪ valid with
// random_state 42, test macro-F1 per data seed 42..51 (001 Tables 1-2: these per-seed
// values average to the paper's CART column to every printed digit).
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "core/learners/learner.h"
#include "core/run/prepared_data.h"
#include "core/run/sweep_summary.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

constexpr std::uint32_t kModelSeed = 42;  // the protocol fixes the learner's seed; data seeds vary

RunConfig protocol_config(const std::string& file, const std::string& target, std::uint32_t data_seed) {
    RunConfig config;
    config.data_file = test::dataset(file);
    config.target = target;
    config.split_mode = SplitMode::GradTree;
    config.fit_on = FitOn::TrainAndValid;
    config.seed = data_seed;
    config.params = ParamValues(find_learner("cart").params);
    // The protocol's quantile-normal transform with its noisy fit: both move float32 thresholds
    // enough to change some seeds (WDBC default: seeds 43, 47 and 48 differ without the noise).
    set_scaling(config, "quantile-gradtree");
    return config;
}

// Test macro-F1 of CART with `assignments` on the protocol split of `data_seed`.
double protocol_test_f1(RunConfig config, const std::vector<std::string>& assignments) {
    const LearnerInfo& cart = find_learner("cart");
    for (const std::string& assignment : assignments) config.params.set_assignment(cart.params, assignment);
    const PreparedData data = prepare_data(config);
    const Dataset fit = data.fit_rows(config.fit_on);
    const TrainResult result = cart.train(TrainInput{fit, nullptr, config.params, kModelSeed}, {});
    return evaluate(result.model, data.test).at("macro_f1");
}

// WDBC in the paper is the diagnostic set with only its first 10 ("mean") features (001 Table 16 lists 10; utilities_GDT.py).
RunConfig wdbc_config(std::uint32_t data_seed) {
    RunConfig config = protocol_config("wdbc.csv", "diagnosis", data_seed);
    for (const char* name : {"radius", "texture", "perimeter", "area", "smoothness", "compactness", "concavity",
                             "concave_points", "symmetry", "fractal_dimension"}) {
        config.drop_columns.push_back(std::string(name) + "_error");
        config.drop_columns.push_back(std::string("worst_") + name);
    }
    return config;
}

// Default CART (max_depth 10) on WDBC: every seed's test macro-F1 equals the paper's (Table B.2 source values).
TEST(GradTreeProtocol, WdbcDefaultCartMatchesThePaperPerSeed) {
    const std::array<double, 10> paper = {0.9249, 0.9334, 0.9311, 0.9043, 0.9256, 0.8697, 0.8900, 0.8863, 0.9143, 0.8573};
    for (std::uint32_t i = 0; i < paper.size(); ++i)
        EXPECT_NEAR(protocol_test_f1(wdbc_config(42 + i), {"max_depth=10"}), paper[i], 5e-5) << "data seed " << 42 + i;
}

// Tuned CART on WDBC (entropy, depth 7, min_samples_leaf 5, ccp_alpha 0.4: a stump) matches per seed (Tables 1/2).
TEST(GradTreeProtocol, WdbcTunedCartMatchesThePaperPerSeed) {
    const std::array<double, 10> paper = {0.8883, 0.9226, 0.9134, 0.8785, 0.8883, 0.8988, 0.8275, 0.8953, 0.8863, 0.8621};
    for (std::uint32_t i = 0; i < paper.size(); ++i)
        EXPECT_NEAR(protocol_test_f1(wdbc_config(42 + i), {"criterion=entropy", "max_depth=7", "min_samples_leaf=5",
                                                           "min_samples_split=2", "ccp_alpha=0.4"}),
                    paper[i], 5e-5)
            << "data seed " << 42 + i;
}

// Default CART on Iris matches per seed; this one depends on sklearn's feature-visit order, which TreeLab emulates.
TEST(GradTreeProtocol, IrisDefaultCartMatchesThePaperPerSeed) {
    const std::array<double, 10> paper = {1.0000, 0.8824, 0.9352, 0.9633, 0.8885, 0.9633, 0.9048, 0.9389, 0.9680, 0.9222};
    for (std::uint32_t i = 0; i < paper.size(); ++i)
        EXPECT_NEAR(protocol_test_f1(protocol_config("iris.csv", "species", 42 + i), {"max_depth=10"}), paper[i], 5e-5)
            << "data seed " << 42 + i;
}

// Tuned CART on Iris (entropy, depth 8, min_samples_leaf 5, min_samples_split 10) matches per seed.
TEST(GradTreeProtocol, IrisTunedCartMatchesThePaperPerSeed) {
    const std::array<double, 10> paper = {1.0000, 0.8807, 0.9680, 0.9280, 0.8885, 1.0000, 0.8727, 0.9089, 0.9680, 0.9589};
    for (std::uint32_t i = 0; i < paper.size(); ++i)
        EXPECT_NEAR(protocol_test_f1(protocol_config("iris.csv", "species", 42 + i),
                                     {"criterion=entropy", "max_depth=8", "min_samples_leaf=5", "min_samples_split=10"}),
                    paper[i], 5e-5)
            << "data seed " << 42 + i;
}

// Tuned CART on Glass (gini, depth 9, min_samples_split 5) matches per seed the runs whose mean is
// 001 Table 2's tuned CART entry for Glass. Glass triggers
// SMOTE, so this needs the paper's SMOTE() stream: numpy's global state after the quantile noise,
// one stream through every class (prepared_data.cpp); SMOTE(random_state=data seed) gave 0.657.
TEST(GradTreeProtocol, GlassTunedCartMatchesThePaperPerSeed) {
    const std::array<double, 10> paper = {0.7085, 0.6697, 0.7489, 0.5171, 0.6186, 0.5236, 0.7422, 0.7544, 0.6149, 0.7272};
    for (std::uint32_t i = 0; i < paper.size(); ++i) {
        RunConfig config = protocol_config("glass.csv", "Type", 42 + i);
        config.smote = true;
        EXPECT_NEAR(protocol_test_f1(config, {"criterion=gini", "max_depth=9", "min_samples_leaf=1", "min_samples_split=5"}),
                    paper[i], 5e-5)
            << "data seed " << 42 + i;
    }
}

// CART on Congressional Voting (max_depth 10, Table 15's tuned setting too) equals the authors'
// GDTs-BINARY-DEFAULT notebook, whose printed 0.932773 ± 0.032325 (test macro-F1) and 19.2 ±
// 6.415606 nodes are the paper's 0.933 ± .032 (Tables 1, B.2) and 19.20 ± 6.42 (B.4), only when a
// missing vote is a level of its own: the paper's loader reads "?" as a value (--missing-as-level).
TEST(GradTreeProtocol, CongressionalVotingCartMatchesTheAuthorsRun) {
    std::vector<double> scores, sizes;
    for (std::uint32_t seed = 42; seed < 52; ++seed) {
        RunConfig config = protocol_config("housevotes84.csv", "Class", seed);
        config.categorical_encoding = CategoricalEncoding::LeaveOneOut;
        config.missing_as_level = true;
        config.params.set_assignment(find_learner("cart").params, "max_depth=10");
        const PreparedData data = prepare_data(config);
        const TrainResult result = find_learner("cart").train(TrainInput{data.fit_rows(config.fit_on), nullptr, config.params, kModelSeed}, {});
        scores.push_back(evaluate(result.model, data.test).at("macro_f1"));
        sizes.push_back(result.model.stats().nodes);
    }
    const MeanStd score = mean_std(scores), size = mean_std(sizes);
    EXPECT_NEAR(score.mean, 0.932773, 5e-7);
    EXPECT_NEAR(score.std, 0.032325, 5e-7);
    EXPECT_NEAR(size.mean, 19.2, 1e-12);
    EXPECT_NEAR(size.std, 6.415606, 5e-7);
}

}  // namespace
}  // namespace treelab
