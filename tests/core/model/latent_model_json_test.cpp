#include <bit>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/model/model_file.h"
#include "tests/core/model/latent_small_tree.h"

namespace treelab {
namespace {

ModelFile latent_model(const TreeModel& tree = test::latent_tree()) {
    ModelFile model;
    model.pipeline.inputs = {{"x0", ColumnKind::Numeric, 0.0, false, {}}, {"x1", ColumnKind::Numeric, 0.0, false, {}}};
    model.tree = tree;
    model.tree.routing_predictor->activation = SplitActivation::Elu;
    model.tree.routing_predictor->activity(1) = 1.0 / 3.0;
    model.tree.routing_predictor->layers.front().weights(0, 2) = 0.1 + 0.2;
    model.tree.routing_predictor->layers.back().bias(1) = -1e-300;
    model.target = {"label", Task::Classification, model.tree.class_names};
    model.card.method = "latent";
    return model;
}

bool same_bits(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        if (std::bit_cast<std::uint64_t>(a(i)) != std::bit_cast<std::uint64_t>(b(i))) return false;
    return true;
}

// The routing predictor block comes back bit-exact and the reloaded model predicts bit-identically.
void expect_exact_round_trip(const ModelFile& model) {
    const ModelFile back = model_from_json(model_to_json(model), "latent.json");
    ASSERT_TRUE(back.tree.routing_predictor.has_value());
    const RoutingPredictor &a = *model.tree.routing_predictor, &b = *back.tree.routing_predictor;
    EXPECT_EQ(a.activation, b.activation);
    EXPECT_TRUE(same_bits(a.activity, b.activity));
    ASSERT_EQ(a.layers.size(), b.layers.size());
    for (std::size_t k = 0; k < a.layers.size(); ++k) {
        EXPECT_TRUE(same_bits(a.layers[k].weights, b.layers[k].weights)) << "layer " << k;
        EXPECT_TRUE(same_bits(a.layers[k].bias, b.layers[k].bias)) << "layer " << k;
    }
    EXPECT_EQ(a.output_features, b.output_features);
    Eigen::MatrixXd X(3, 2);
    X << 0.0, 1.0, 1.0, 0.0, -0.3, 0.7;
    EXPECT_TRUE(same_bits(model.tree.predict_outputs(X), back.tree.predict_outputs(X)));
    EXPECT_TRUE(same_bits(model.tree.predict_proba(X), back.tree.predict_proba(X)));
}

// A linear predictor round-trips exactly and is written as format version 1, as before the MLP
// predictor existed (one "weights" / "bias" pair, no hidden layers), so older builds still read it.
TEST(LatentModelJson, PredictorRoundTripIsExact) {
    const ModelFile model = latent_model();
    expect_exact_round_trip(model);
    const nlohmann::json json = nlohmann::json::parse(model_to_json(model));
    EXPECT_EQ(json.at("version"), 1);
    EXPECT_FALSE(json.at("routing_predictor").contains("hidden_layers"));
}

// An MLP predictor (000 §4) round-trips exactly too; its hidden layers make the file version 2.
TEST(LatentModelJson, MlpPredictorRoundTripIsExact) {
    const ModelFile model = latent_model(test::latent_mlp_tree());
    expect_exact_round_trip(model);
    const nlohmann::json json = nlohmann::json::parse(model_to_json(model));
    EXPECT_EQ(json.at("version"), 2);
    ASSERT_EQ(json.at("routing_predictor").at("hidden_layers").size(), 1u);
    EXPECT_EQ(json.at("routing_predictor").at("weights").size(), 2u);  // the output layer
}

// A model without predictor writes no block and loads without one (the field is optional in version 1).
TEST(LatentModelJson, BlockIsOptional) {
    ModelFile model = latent_model();
    model.tree.routing_predictor.reset();
    model.tree.nodes[2].pruned = false;
    const std::string text = model_to_json(model);
    EXPECT_EQ(text.find("routing_predictor"), std::string::npos);
    EXPECT_FALSE(model_from_json(text, "plain.json").tree.routing_predictor.has_value());
}

// Hostile or inconsistent predictor blocks are refused with a ModelFileError.
TEST(LatentModelJson, HostilePredictorRefused) {
    const nlohmann::json good = nlohmann::json::parse(model_to_json(latent_model()));
    auto refused = [&](const std::string& pointer, const nlohmann::json& value) {
        nlohmann::json bad = good;
        bad[nlohmann::json::json_pointer(pointer)] = value;
        EXPECT_THROW(model_from_json(bad.dump(), "bad.json"), ModelFileError) << pointer << " = " << value.dump();
    };
    refused("/routing_predictor", "yes");
    refused("/routing_predictor/split_activation", "tanh");
    refused("/routing_predictor/activity", nlohmann::json::array({1.0, 0.5}));
    refused("/routing_predictor/activity/1", nullptr);
    refused("/routing_predictor/activity/1", 2.0);
    refused("/routing_predictor/weights/0/1", nullptr);
    refused("/routing_predictor/weights/0/1", "1");
    refused("/routing_predictor/weights/1", nlohmann::json::array({1.0}));
    refused("/routing_predictor/weights", nlohmann::json::array());
    refused("/routing_predictor/bias", nlohmann::json::array({1.0, 2.0, 3.0, 4.0, 5.0}));
    refused("/routing_predictor/output_features", nlohmann::json::array({0.5}));
    refused("/routing_predictor/output_features", nlohmann::json::array({-1}));
    refused("/nodes/2/pruned", false);
    nlohmann::json huge = good;
    huge["routing_predictor"]["weights"][0] = nlohmann::json::array();
    for (int k = 0; k < 100; ++k) huge["routing_predictor"]["weights"][0].push_back(1.0);
    EXPECT_THROW(model_from_json(huge.dump(), "huge.json"), ModelFileError);
}

// Hostile or inconsistent hidden layers are refused with a ModelFileError.
TEST(LatentModelJson, HostileHiddenLayersRefused) {
    const nlohmann::json good = nlohmann::json::parse(model_to_json(latent_model(test::latent_mlp_tree())));
    ASSERT_NO_THROW(model_from_json(good.dump(), "good.json"));
    auto refused = [&](const std::string& pointer, const nlohmann::json& value) {
        nlohmann::json bad = good;
        bad[nlohmann::json::json_pointer(pointer)] = value;
        EXPECT_THROW(model_from_json(bad.dump(), "bad.json"), ModelFileError) << pointer << " = " << value.dump();
    };
    refused("/routing_predictor/hidden_layers", "none");
    refused("/routing_predictor/hidden_layers/0", nlohmann::json::array());
    refused("/routing_predictor/hidden_layers/0/weights/0/2", nullptr);
    refused("/routing_predictor/hidden_layers/0/weights/1", nlohmann::json::array({1.0, 2.0}));
    refused("/routing_predictor/hidden_layers/0/bias", nlohmann::json::array({1.0}));
    refused("/routing_predictor/hidden_layers/0/bias/0", "0");
    refused("/routing_predictor/weights/0", nlohmann::json::array({1.0, 2.0, 3.0}));  // reads 3 hidden units of 2
    nlohmann::json extra = good;  // a second hidden layer that the output layer does not read
    extra["routing_predictor"]["hidden_layers"].push_back(good["routing_predictor"]["hidden_layers"][0]);
    EXPECT_THROW(model_from_json(extra.dump(), "extra.json"), ModelFileError);
    ModelFileLimits limits;
    limits.max_hidden_layers = 2;
    nlohmann::json deep = good;
    deep["routing_predictor"]["hidden_layers"] = nlohmann::json::array();
    for (int k = 0; k < 3; ++k) deep["routing_predictor"]["hidden_layers"].push_back(nlohmann::json::object());
    EXPECT_THROW(model_from_json(deep.dump(), "deep.json", limits), ModelFileError);
}

}  // namespace
}  // namespace treelab
