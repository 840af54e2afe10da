// The tree as every view shows it (core/export/data_units.h): trained on Glass with the methods'
// own scalings, its splits in the data's units route the raw rows exactly as the model routes the
// scaled ones.
#include "core/export/data_units.h"

#include <cmath>
#include <limits>
#include <sstream>

#include <gtest/gtest.h>

#include "core/data/csv_reader.h"
#include "core/export/number_text.h"
#include "core/export/path_rule.h"
#include "core/export/rules_text.h"
#include "core/export/weighted_sum_text.h"
#include "core/run/training_run.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

RunOutcome glass_run(const std::string& method, const std::vector<std::string>& params, std::optional<Scaling> scaling = {}) {
    RunConfig config = test::dataset_run("glass.csv", "Type", method, params, 3);
    config.scaling = scaling;
    return run_training(config);
}

// The rows of the table as the pipeline encodes them, before its scaling: the data's units.
Eigen::MatrixXd raw_rows(const RunOutcome& run) {
    FeaturePipeline unscaled = run.model.pipeline;
    unscaled.scaling = Scaling::None;
    return unscaled.transform(run.data->table);
}

// GradTree on quantile-normal inputs (its default): every shown threshold r splits every table
// row as the model's threshold t splits its scaled value, (x ≤ r) == (T(x) ≤ t), so the shown tree
// routes the raw rows to the model's nodes; Ba's raw thresholds are never negative.
TEST(DataUnits, QuantileScaledGradTreeRoutesRawRowsAsTheModel) {
    const RunOutcome run = glass_run("gradtree", {"depth=4", "epochs=60", "restarts=0"});
    ASSERT_EQ(run.model.pipeline.scaling, Scaling::QuantileNormal);
    const TreeModel shown = tree_in_data_units(run.model);
    const Eigen::MatrixXd raw = raw_rows(run), scaled = run.model.pipeline.transform(run.data->table);
    int splits = 0;
    for (std::size_t id = 0; id < shown.nodes.size(); ++id) {
        const TreeNode& model_node = run.model.tree.nodes[id];
        if (!model_node.is_split()) continue;
        ++splits;
        const double r = shown.nodes[id].threshold, t = model_node.threshold;
        for (Eigen::Index i = 0; i < raw.rows(); ++i)
            ASSERT_EQ(raw(i, model_node.feature) <= r, scaled(i, model_node.feature) <= t) << "node " << id << ", row " << i;
        if (run.model.pipeline.feature_names()[static_cast<std::size_t>(model_node.feature)] == "Ba" && std::isfinite(r)) {
            EXPECT_GE(r, 0.0);
        }
    }
    EXPECT_GT(splits, 2);
    EXPECT_EQ(shown.route(raw), run.model.tree.route(scaled));
    EXPECT_TRUE(shown.weight_scale.empty());
    EXPECT_EQ(shown.axis_precision, AxisPrecision::Float64);
}

// DGT on z-scored inputs (its default): oblique weights folded into the data's units route every
// row as the scaled tree does, and nothing says "quantile-normal".
TEST(DataUnits, ZScoreObliqueSplitsFoldIntoRawWeights) {
    const RunOutcome run = glass_run("dgt", {"height=3", "epochs=40"});
    ASSERT_EQ(run.model.pipeline.scaling, Scaling::ZScore);
    const TreeModel shown = tree_in_data_units(run.model);
    const Eigen::MatrixXd raw = raw_rows(run), scaled = run.model.pipeline.transform(run.data->table);
    EXPECT_EQ(shown.route(raw), run.model.tree.route(scaled));
    const TreeNode& root = shown.nodes[0];
    ASSERT_TRUE(root.is_oblique());
    const Eigen::VectorXd& s = run.model.pipeline.scale;
    EXPECT_TRUE(root.weights.isApprox(run.model.tree.nodes[0].weights.cwiseQuotient(s)));
    EXPECT_TRUE(shown.weight_scale.empty());
    EXPECT_EQ(path_rule(shown, 1, run.model.pipeline.feature_names()).find("scale"), std::string::npos);
}

// The folded DGT tree lists, at every oblique split, the features whose weights are largest on the
// scaled axis the learner saw (|w_j|·s_j ranks them), not those with the smallest spread: on glass,
// RI's spread of 0.003 would otherwise put RI first at every node and hide Mg.
TEST(DataUnits, FoldedWeightsListTheFeaturesLargestOnTheScaledAxis) {
    const RunOutcome run = glass_run("dgt", {"height=3", "epochs=40"});
    const TreeModel shown = tree_in_data_units(run.model);
    ASSERT_EQ(shown.weight_spread, run.model.pipeline.scale);
    int splits = 0;
    for (std::size_t id = 0; id < shown.nodes.size(); ++id) {
        if (!shown.nodes[id].is_split()) continue;
        ++splits;
        EXPECT_EQ(largest_weights(shown.nodes[id].weights, 3, shown.weight_spread), largest_weights(run.model.tree.nodes[id].weights, 3))
            << "node " << id;
    }
    EXPECT_GT(splits, 2);
}

// LatentTrees on quantile-normal inputs: oblique weights cannot be folded; they are kept and every
// text says which scale they are on.
TEST(DataUnits, QuantileObliqueSplitsSayTheirScale) {
    const RunOutcome run = glass_run("latent", {"depth=2", "epochs=3"});
    const TreeModel shown = tree_in_data_units(run.model);
    EXPECT_EQ(shown.weight_scale, "quantile-normal");
    EXPECT_EQ(shown.nodes[0].weights, run.model.tree.nodes[0].weights);
    EXPECT_EQ(shown.nodes[0].threshold, run.model.tree.nodes[0].threshold);
    const std::string rule = path_rule(shown, 1, run.model.pipeline.feature_names());
    EXPECT_NE(rule.find("(weights on the quantile-normal scale)"), std::string::npos) << rule;
    EXPECT_EQ(rules_text(shown).rfind("# oblique splits: weights on the quantile-normal scale", 0), 0u) << rules_text(shown);
    EXPECT_EQ(rules_text(run.model.tree).find("quantile"), std::string::npos);
}

// A one-level tree on a z-scored table with a numeric and a one-hot column: the numeric split
// reads in raw units, the one-hot split as "≤ 0.5", and thresholds beyond every value as every row
// going one way, in the rules and the path rules alike. A linear leaf under z-score predicts on raw
// rows what it predicted on scaled ones.
TEST(DataUnits, IndicatorsUncrossedSplitsAndLinearLeaves) {
    std::istringstream text("x,colour,y\n1,red,0\n2,blue,1\n3,red,0\n10,blue,1\n");
    const Table table = parse_csv(text, "inline.csv");
    PipelineOptions options;
    options.scaling = Scaling::ZScore;
    const FeaturePipeline pipeline = fit_pipeline(table, 2, {0, 1, 2, 3}, options);
    ASSERT_EQ(pipeline.feature_names(), (std::vector<std::string>{"x", "colour=red", "colour=blue"}));
    TreeModel tree;
    tree.task = Task::Regression;
    tree.feature_names = pipeline.feature_names();
    tree.nodes.resize(7);
    const std::vector<std::pair<int, double>> splits = {{0, 0.1}, {1, 0.3}, {2, 9.0}};  // x, colour=red, colour=blue
    for (int t = 0; t < 3; ++t) {
        TreeNode& node = tree.nodes[static_cast<std::size_t>(t)];
        node.left = 2 * t + 1;
        node.right = 2 * t + 2;
        node.feature = splits[static_cast<std::size_t>(t)].first;
        node.threshold = splits[static_cast<std::size_t>(t)].second;
    }
    for (int t = 1; t < 7; ++t) {
        tree.nodes[static_cast<std::size_t>(t)].parent = (t - 1) / 2;
        tree.nodes[static_cast<std::size_t>(t)].depth = t < 3 ? 1 : 2;
    }
    for (TreeNode& node : tree.nodes) node.distribution = Eigen::VectorXd::Constant(1, 2.0);
    tree.nodes[3].leaf_weights = (Eigen::VectorXd(3) << 0.5, -1.0, 0.25).finished();
    const TreeModel shown = tree_in_data_units(tree, pipeline);

    const double c = pipeline.center(0), s = pipeline.scale(0);
    EXPECT_LE(shown.nodes[0].threshold, c + 0.1 * s * (1 + 1e-12));
    EXPECT_GT(std::nextafter(shown.nodes[0].threshold, kInf), c + 0.1 * s * (1 - 1e-12));
    // colour=red: mean 0.5, sd 0.5: 0 → −1, 1 → 1; t = 0.3 lies between them.
    EXPECT_EQ(shown.nodes[1].threshold, 0.5);
    EXPECT_EQ(shown.nodes[2].threshold, kInf);  // 9 is above T(1) = 1: every row goes left
    const std::string rules = rules_text(shown);
    EXPECT_NE(rules.find("colour=red <= 0.5"), std::string::npos) << rules;
    EXPECT_NE(rules.find("colour=blue: every row goes left"), std::string::npos) << rules;
    EXPECT_NE(rules.find("colour=blue: no row goes right"), std::string::npos) << rules;
    EXPECT_EQ(path_rule(shown, 6, tree.feature_names), "x > " + significant_text(shown.nodes[0].threshold, 4) + " and no value of colour=blue");
    EXPECT_EQ(path_rule(shown, 5, tree.feature_names).find("colour"), std::string::npos);  // x ≤ +∞ says nothing

    FeaturePipeline unscaled = pipeline;
    unscaled.scaling = Scaling::None;
    const Eigen::MatrixXd raw = unscaled.transform(table), scaled = pipeline.transform(table);
    const Eigen::RowVectorXd k = tree.nodes[3].leaf_weights.transpose();
    const Eigen::RowVectorXd shown_k = shown.nodes[3].leaf_weights.transpose();
    for (Eigen::Index i = 0; i < raw.rows(); ++i)
        EXPECT_NEAR(shown.nodes[3].distribution(0) + shown_k.dot(raw.row(i)), 2.0 + k.dot(scaled.row(i)), 1e-12);
}

}  // namespace
}  // namespace treelab
