#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/model/model_file.h"
#include "tests/core/model/small_trees.h"
#include "tests/support/test_support.h"

namespace treelab {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Same bits, or both NaN (JSON null brings NaN back as the quiet NaN).
bool same_double(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) || (std::isnan(a) && std::isnan(b));
}

bool same_vector(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    if (a.size() != b.size()) return false;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        if (!same_double(a(i), b(i))) return false;
    return true;
}

// Classification model with a z-scored pipeline of four features (numeric with indicator,
// categorical with two levels) and values chosen to stress exact double round trips.
ModelFile classification_model() {
    ModelFile model;
    model.pipeline.inputs = {{"age", ColumnKind::Numeric, 37.123456789012345, true, {}},
                             {"color", ColumnKind::Categorical, 0.0, false, {"red", "blue"}}};
    model.pipeline.scaling = Scaling::ZScore;
    model.pipeline.center = Eigen::Vector4d(0.1 + 0.2, 1.0 / 3.0, 0.5, -0.0);
    model.pipeline.scale = Eigen::Vector4d(1e-300, 5e-324, 2.0, 1.7976931348623157e308);
    model.tree = test::axis_tree();
    model.tree.feature_names = model.pipeline.feature_names();
    model.tree.nodes[0].threshold = 0.1 + 0.2;
    model.tree.nodes[1].threshold = -1.0 / 3.0;
    model.tree.nodes[3].distribution = Eigen::Vector3d(1.0 / 3.0, 1.0 / 7.0, 1.0 - 1.0 / 3.0 - 1.0 / 7.0);
    for (std::size_t id = 0; id < model.tree.nodes.size(); ++id) {
        TreeNode& node = model.tree.nodes[id];
        node.samples = static_cast<double>(10 * id);
        node.class_counts = Eigen::Vector3d(static_cast<double>(id), 0.5, 2.0);
        node.impurity = id % 2 == 0 ? kNaN : std::sqrt(static_cast<double>(id));
        node.soft_mass = id % 3 == 0 ? std::exp(-static_cast<double>(id)) : kNaN;
    }
    model.target = {"label", Task::Classification, model.tree.class_names};
    model.card = {"cart", {{"criterion", "gini"}, {"max_depth", "3"}}, 4294967295u, "data/iris.csv",
                  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "0.6,0.2,0.2", "stratified",
                  "treelab-cli train data/iris.csv --method cart", "0.1.0", "none (auto: the method's default)", ";", ",", "latin-1"};
    return model;
}

// Regression model with oblique splits and a quantile-normal pipeline.
ModelFile regression_model() {
    ModelFile model;
    model.pipeline.inputs = {{"x0", ColumnKind::Numeric, kNaN, false, {}}, {"x1", ColumnKind::Numeric, -2.5, false, {}}};
    model.pipeline.scaling = Scaling::QuantileNormal;
    model.pipeline.quantiles = {Eigen::Vector3d(-1.0, 0.1, 7.25), Eigen::Vector2d(0.0, 1.0 / 9.0)};
    model.tree = test::oblique_tree();
    model.tree.nodes[1].weights = Eigen::Vector2d(2.0 / 3.0, -1e-17);
    model.target = {"price", Task::Regression, {}};
    model.card.method = "oblique";
    return model;
}

void expect_same_nodes(const TreeModel& a, const TreeModel& b) {
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t id = 0; id < a.nodes.size(); ++id) {
        const TreeNode &x = a.nodes[id], &y = b.nodes[id];
        SCOPED_TRACE("node " + std::to_string(id));
        EXPECT_EQ(x.left, y.left);
        EXPECT_EQ(x.right, y.right);
        EXPECT_EQ(x.parent, y.parent);
        EXPECT_EQ(x.depth, y.depth);
        EXPECT_EQ(x.feature, y.feature);
        EXPECT_TRUE(same_double(x.threshold, y.threshold));
        EXPECT_TRUE(same_vector(x.weights, y.weights));
        EXPECT_TRUE(same_vector(x.distribution, y.distribution));
        EXPECT_TRUE(same_vector(x.leaf_weights, y.leaf_weights));
        EXPECT_TRUE(same_double(x.samples, y.samples));
        EXPECT_TRUE(same_vector(x.class_counts, y.class_counts));
        EXPECT_TRUE(same_double(x.impurity, y.impurity));
        EXPECT_TRUE(same_double(x.soft_mass, y.soft_mass));
        EXPECT_EQ(x.pruned, y.pruned);
        EXPECT_EQ(x.empty, y.empty);
    }
}

void expect_same_model(const ModelFile& a, const ModelFile& b) {
    EXPECT_EQ(a.tree.task, b.tree.task);
    EXPECT_EQ(a.tree.axis_precision, b.tree.axis_precision);
    EXPECT_EQ(a.tree.feature_names, b.tree.feature_names);
    EXPECT_EQ(a.tree.class_names, b.tree.class_names);
    expect_same_nodes(a.tree, b.tree);

    EXPECT_EQ(a.target.column, b.target.column);
    EXPECT_EQ(a.target.task, b.target.task);
    EXPECT_EQ(a.target.class_names, b.target.class_names);

    ASSERT_EQ(a.pipeline.inputs.size(), b.pipeline.inputs.size());
    for (std::size_t i = 0; i < a.pipeline.inputs.size(); ++i) {
        const InputColumn &x = a.pipeline.inputs[i], &y = b.pipeline.inputs[i];
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.kind, y.kind);
        EXPECT_TRUE(same_double(x.impute_value, y.impute_value)) << "input " << i;
        EXPECT_EQ(x.missing_indicator, y.missing_indicator);
        EXPECT_EQ(x.levels, y.levels);
    }
    EXPECT_EQ(a.pipeline.scaling, b.pipeline.scaling);
    EXPECT_TRUE(same_vector(a.pipeline.center, b.pipeline.center));
    EXPECT_TRUE(same_vector(a.pipeline.scale, b.pipeline.scale));
    ASSERT_EQ(a.pipeline.quantiles.size(), b.pipeline.quantiles.size());
    for (std::size_t i = 0; i < a.pipeline.quantiles.size(); ++i)
        EXPECT_TRUE(same_vector(a.pipeline.quantiles[i], b.pipeline.quantiles[i])) << "quantiles " << i;

    EXPECT_EQ(a.card.method, b.card.method);
    EXPECT_EQ(a.card.params, b.card.params);
    EXPECT_EQ(a.card.seed, b.card.seed);
    EXPECT_EQ(a.card.data_file, b.card.data_file);
    EXPECT_EQ(a.card.data_sha256, b.card.data_sha256);
    EXPECT_EQ(a.card.split, b.card.split);
    EXPECT_EQ(a.card.split_mode, b.card.split_mode);
    EXPECT_EQ(a.card.command_line, b.card.command_line);
    EXPECT_EQ(a.card.treelab_version, b.card.treelab_version);
    EXPECT_EQ(a.card.scaling, b.card.scaling);
    EXPECT_EQ(a.card.data_delimiter, b.card.data_delimiter);
    EXPECT_EQ(a.card.data_decimal, b.card.data_decimal);
    EXPECT_EQ(a.card.data_encoding, b.card.data_encoding);
}

Eigen::MatrixXd random_rows(Eigen::Index rows, Eigen::Index cols) {
    std::mt19937 random(11);
    std::normal_distribution<double> normal;
    Eigen::MatrixXd X(rows, cols);
    for (Eigen::Index i = 0; i < X.size(); ++i) X(i) = normal(random);
    return X;
}

// A saved and reloaded classification model has every field bit-identical and predicts bit-identically.
TEST(ModelJson, ClassificationRoundTripIsExact) {
    const test::TempDir dir;
    const ModelFile model = classification_model();
    save_model(model, dir.file("model.json"));
    const ModelFile loaded = load_model(dir.file("model.json"));
    expect_same_model(model, loaded);
    const Eigen::MatrixXd X = random_rows(300, 4);
    EXPECT_EQ(model.tree.route(X), loaded.tree.route(X));
    EXPECT_TRUE((model.tree.predict_proba(X).array() == loaded.tree.predict_proba(X).array()).all());
    EXPECT_TRUE((model.tree.predict(X).array() == loaded.tree.predict(X).array()).all());
}

// A model whose axis-aligned splits compare in float32 (CART's) keeps that through a file, and
// routes a value just above a float32 threshold left before and after, as sklearn does.
TEST(ModelJson, Float32AxisPrecisionRoundTrips) {
    ModelFile model = classification_model();
    model.tree.axis_precision = AxisPrecision::Float32;
    model.tree.nodes[0].threshold = static_cast<double>(0.1f);
    const std::string text = model_to_json(model);
    EXPECT_NE(text.find("\"axis_precision\": \"float32\""), std::string::npos);
    const ModelFile loaded = model_from_json(text, "memory");
    expect_same_model(model, loaded);
    Eigen::MatrixXd X = Eigen::MatrixXd::Zero(1, 4);
    X(0, 0) = std::nextafter(static_cast<double>(0.1f), 1.0);
    EXPECT_EQ(loaded.tree.route(X)(0), model.tree.route(X)(0));
    EXPECT_NE(loaded.tree.route(X)(0), 2);  // not sent right at the root
}

// A regression model with oblique splits, a NaN impute value and quantile scaling round-trips exactly.
TEST(ModelJson, RegressionObliqueRoundTripIsExact) {
    const ModelFile model = regression_model();
    const ModelFile loaded = model_from_json(model_to_json(model), "memory");
    expect_same_model(model, loaded);
    const Eigen::MatrixXd X = random_rows(300, 2);
    EXPECT_TRUE((model.tree.predict(X).array() == loaded.tree.predict(X).array()).all());
}

// The file carries the documented header, and NaN is written as JSON null.
TEST(ModelJson, HeaderAndNaNAsNull) {
    const std::string text = model_to_json(classification_model());
    EXPECT_NE(text.find("\"format\": \"treelab-model\""), std::string::npos);
    EXPECT_NE(text.find("\"version\": 1"), std::string::npos);
    EXPECT_NE(text.find("\"impurity\": null"), std::string::npos);
    EXPECT_EQ(text.find("NaN"), std::string::npos);
}

// A model that could not be loaded back is refused by the writer.
TEST(ModelJson, WriterRefusesInvalidModels) {
    ModelFile model = classification_model();
    model.tree.nodes[1].threshold = kNaN;
    EXPECT_THROW(model_to_json(model), Error);
    model = classification_model();
    model.tree.feature_names.pop_back();  // still a valid tree, but the pipeline makes 4 features
    EXPECT_THROW(model_to_json(model), Error);
    model = classification_model();
    model.pipeline.scale(1) = std::numeric_limits<double>::infinity();
    EXPECT_THROW(model_to_json(model), Error);
    model = classification_model();
    model.tree.class_names[0] = "\xff\xfe";  // not UTF-8
    model.target.class_names = model.tree.class_names;
    EXPECT_THROW(model_to_json(model), Error);
}

// A failed save leaves an existing model file untouched.
TEST(ModelJson, FailedSaveKeepsTheOldFile) {
    const test::TempDir dir;
    const std::filesystem::path file = dir.write("model.json", "old");
    ModelFile model = classification_model();
    model.tree.nodes[1].threshold = kNaN;
    EXPECT_THROW(save_model(model, file), Error);
    EXPECT_EQ(std::filesystem::file_size(file), 3u);
}

}  // namespace
}  // namespace treelab
