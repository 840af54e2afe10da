#pragma once
// Versioned JSON model files: the tree, its feature pipeline, target encoding and run card.
// Format version 2 adds the hidden layers of an MLP routing predictor (000 §4), version 3 the
// slopes of linear leaves (tree_model.h), version 4 text columns read as numbers or dates and
// ordinal-encoded columns (feature_pipeline.h); a file is written with the oldest version that holds it,
// so older builds still read models without them. A file with a newer version is refused with a
// message saying so.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "core/data/feature_pipeline.h"
#include "core/data/target_encoding.h"
#include "core/model/run_card.h"
#include "core/model/tree_model.h"

namespace treelab {

inline constexpr int kModelFormatVersion = 4;  // the newest this build reads and writes

struct ModelFile {
    TreeModel tree;
    FeaturePipeline pipeline;
    TargetEncoding target;
    RunCard card;
};

// What the loader accepts from an untrusted file; tests lower these to exercise the checks.
struct ModelFileLimits {
    std::uintmax_t max_file_bytes = std::uintmax_t{1} << 30;  // 1 GiB, checked before reading
    std::size_t max_nodes = 10'000'000;
    std::size_t max_features = 100'000;  // feature names, pipeline inputs and their levels
    std::size_t max_classes = 100'000;
    std::size_t max_hidden_layers = 64;        // of a routing predictor
    std::size_t max_hidden_units = 100'000;    // per hidden layer
};

// Pretty-printed, doubles round-trip exactly. Throws treelab::Error for a model that would not
// load back (TreeModel::validate fails, pipeline and tree disagree, non-UTF-8 names).
std::string model_to_json(const ModelFile& model);
// `source_name` names the input in messages. Throws ModelFileError (corrupt, newer version,
// hostile: sizes over limits, cycles, NaN thresholds, bad child indices).
ModelFile model_from_json(const std::string& text, const std::string& source_name, const ModelFileLimits& limits = {});

void save_model(const ModelFile& model, const std::filesystem::path& file);  // atomic
ModelFile load_model(const std::filesystem::path& file, const ModelFileLimits& limits = {});

}  // namespace treelab
