// The ONNX export (core/export/onnx): every learner's model on every shipped data set (letter
// aside, too slow for ctest; tests/bench/onnx_equality.py covers it), fitted with tiny settings,
// predicts in onnxruntime-web what TreeLab predicts, row for row, and onnx.checker accepts it.
#include "core/export/onnx/onnx_model.h"

#include <cmath>
#include <iostream>
#include <limits>
#include <map>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/export/onnx/float32_threshold.h"
#include "core/run/training_run.h"
#include "tests/core/export/onnx/onnx_equality.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

struct ShippedSet {
    std::string file, target;
    bool regression;
};

const std::vector<ShippedSet> kShippedSets = {
    {"iris.csv", "species", false},     {"glass.csv", "Type", false},         {"wine.csv", "cultivar", false},
    {"wdbc.csv", "diagnosis", false},   {"breastcancer.csv", "Class", false}, {"housevotes84.csv", "Class", false},
    {"servo.csv", "Class", true},       {"diabetes.csv", "progression", true},
};

// Tiny fits: the export must be exact for the model's structure, whatever its quality.
std::vector<std::string> tiny_params(const std::string& method, bool regression) {
    if (method == "latent") return {"depth=3", "epochs=3"};
    if (method == "gradtree") return {"depth=3", "epochs=3", "restarts=0"};
    if (method == "get") return regression ? std::vector<std::string>{"depth=2", "starts=1", "schedule=10:5", "leaf_model=linear"}
                                           : std::vector<std::string>{"depth=2", "starts=1", "schedule=10:5"};
    if (method == "dgt") return {"height=3", "epochs=3", "hidden=none"};
    return {};
}

std::filesystem::path scratch(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("treelab_onnx_" + name);
    std::filesystem::remove_all(dir);
    return dir;
}

bool has_pruned_node(const TreeModel& tree) {
    for (const TreeNode& node : tree.nodes)
        if (node.pruned) return true;
    return false;
}

// Every learner × every shipped set (tiny fits), plus CART pruned by cost complexity (pruned
// nodes), LatentTrees with ELU splits and an MLP predictor on z-scored features, leave-one-out
// encoding with missing as a level, and LatentTrees' self-supervised hard tree: onnx.checker accepts every file,
// and onnxruntime-web gives every row TreeLab's class (probabilities within 1e-6) or value (within
// 1e-6 relative, test::kValueTolerance); under LatentTrees' soft routing 99% of the rows, and
// probabilities within 1e-4, the missing values of breastcancer, the categorical columns of
// housevotes84 and servo, the quantile scaling of GradTree (folded into thresholds) and of
// LatentTrees (as operators), DGT's z-score and the linear leaves of GET included.
TEST(OnnxExport, EveryLearnerOnEveryShippedSetPredictsAsTreeLab) {
    std::vector<RunOutcome> runs;
    std::vector<std::string> names;
    for (const ShippedSet& set : kShippedSets) {
        for (const std::string method : {"cart", "latent", "gradtree", "get", "dgt"}) {
            RunConfig config = test::dataset_run(set.file, set.target, method, tiny_params(method, set.regression), 5);
            runs.push_back(run_training(config));
            names.push_back(method + "_" + set.file.substr(0, set.file.find('.')));
        }
    }
    RunConfig pruned = test::dataset_run("glass.csv", "Type", "cart", {"ccp_alpha=0.02"}, 5);
    runs.push_back(run_training(pruned));
    names.push_back("cart_pruned_glass");
    ASSERT_TRUE(has_pruned_node(runs.back().model.tree));
    RunConfig mlp = test::dataset_run("wine.csv", "cultivar", "latent",
                                      {"depth=2", "epochs=3", "predictor=mlp", "split_activation=elu"}, 5);
    mlp.scaling = Scaling::ZScore;
    runs.push_back(run_training(mlp));
    names.push_back("latent_mlp_wine");

    // Leave-one-out encoding with missing votes as a level of their own (the GradTree protocol's
    // Congressional Voting), into an oblique tree; and LatentTrees in self-supervised mode, whose
    // predictions are its hard tree's (hard routing of oblique splits).
    RunConfig loo = test::dataset_run("housevotes84.csv", "Class", "dgt", tiny_params("dgt", false), 5);
    loo.categorical_encoding = CategoricalEncoding::LeaveOneOut;
    loo.missing_as_level = true;
    runs.push_back(run_training(loo));
    names.push_back("dgt_loo_housevotes84");
    runs.push_back(run_training(test::dataset_run("glass.csv", "Type", "latent", {"depth=2", "epochs=3", "task=self_supervised"}, 5)));
    names.push_back("latent_self_supervised_glass");
    ASSERT_FALSE(runs.back().model.tree.routing_predictor->predicts_target());

    std::vector<test::OnnxCase> cases;
    for (std::size_t k = 0; k < runs.size(); ++k) cases.push_back({names[k], &runs[k].model, &runs[k].data->table});
    const std::filesystem::path dir = scratch("every_learner");
    const auto refused = test::write_onnx_cases(dir, cases);
    for (const auto& [name, message] : refused) ADD_FAILURE() << name << " was refused: " << message;
    EXPECT_EQ(test::check_onnx_files(dir, cases), "");

    const test::OnnxRuntime runtime = test::find_onnx_runtime();
    if (!runtime.unavailable.empty()) GTEST_SKIP() << runtime.unavailable;
    const nlohmann::json outputs = test::run_onnx_cases(dir, cases, runtime);
    for (const test::OnnxCase& onnx_case : cases) {
        const test::OnnxAgreement agreement = test::compare_with_treelab(outputs, onnx_case);
        EXPECT_EQ(agreement.error, "") << onnx_case.name;
        EXPECT_GT(agreement.rows, 100) << onnx_case.name;
        // Hard routing is exact. Soft routing moves continuously with the float32 rounding of the
        // input, and a value with more digits than float32 holds (diabetes.csv has 17) can meet a
        // tie of training values differently under the quantile scaling: 1% of the rows may differ.
        const bool soft = onnx_case.model->tree.routing_predictor && onnx_case.model->tree.routing_predictor->predicts_target();
        if (soft)
            EXPECT_GE(agreement.equal, agreement.rows * 99 / 100) << onnx_case.name << ", largest difference " << agreement.largest_difference;
        else
            EXPECT_EQ(agreement.equal, agreement.rows) << onnx_case.name << ", largest difference " << agreement.largest_difference;
        if (onnx_case.model->tree.task == Task::Classification) {
            EXPECT_LE(agreement.largest_difference, soft ? 1e-4 : 1e-6) << onnx_case.name;
        }
        std::cout << onnx_case.name << ": " << agreement.equal << " of " << agreement.rows << " rows equal, largest difference "
                  << agreement.largest_difference << '\n';
    }
    std::filesystem::remove_all(dir);
}

// A threshold t as float32 keeps every float32 input on its side: x <= t iff x <= t32, checked
// at the float32 values around t for thresholds that round up, down, or are float32 already.
TEST(OnnxExport, Float32ThresholdsSplitFloat32InputsAsTheDoubleThreshold) {
    for (const double t : {0.1, -0.1, 2.5, 1.0 / 3.0, -1e-30, 1e300, -1e300, 0.0}) {
        const float t32 = onnx_export::largest_float32_at_most(t);
        EXPECT_LE(static_cast<double>(t32), t);
        float x = static_cast<float>(round_to_float32(t));
        for (int step = 0; step < 3; ++step) x = std::nextafter(x, -std::numeric_limits<float>::infinity());
        for (int step = 0; step < 6; ++step, x = std::nextafter(x, std::numeric_limits<float>::infinity()))
            EXPECT_EQ(static_cast<double>(x) <= t, x <= t32) << "t = " << t << ", x = " << x;
    }
    EXPECT_EQ(onnx_export::largest_float32_at_most(std::numeric_limits<double>::infinity()), std::numeric_limits<float>::infinity());
}

// A raw threshold r of a double-comparing tree splits the shortest decimals of float32 inputs at
// r: at a data value (0.57 <= 0.57 goes left) and just below one (where a tied value starts, 0.57
// goes right), though both r round to the same float32.
TEST(OnnxExport, Float32ThresholdsOfRawValuesSplitTheCsvDecimalsAtTheThreshold) {
    const float y = 0.57F;
    EXPECT_EQ(onnx_export::float32_threshold_of_decimals(0.57), y);
    const double below = std::nextafter(0.57, 0.0);
    ASSERT_EQ(static_cast<float>(below), y);
    EXPECT_LT(onnx_export::float32_threshold_of_decimals(below), y);
    EXPECT_EQ(onnx_export::float32_threshold_of_decimals(below), std::nextafter(y, 0.0F));
    EXPECT_EQ(onnx_export::shortest_decimal(y), 0.57);
}

// A model whose pipeline does not make its tree's features is refused, saying so.
TEST(OnnxExport, RefusesAModelWhosePipelineIsNotItsTrees) {
    const RunOutcome run = run_training(test::dataset_run("iris.csv", "species", "cart", {}, 5));
    ModelFile mismatched = run.model;
    mismatched.pipeline.inputs.pop_back();
    try {
        onnx_model_bytes(mismatched);
        FAIL() << "expected a refusal";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("pipeline"), std::string::npos) << error.what();
    }
}

}  // namespace
}  // namespace treelab
