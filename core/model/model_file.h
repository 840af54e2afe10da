#pragma once
// Versioned JSON model files: the tree, its feature pipeline, target encoding and run card.
// Format version 1; a file with a newer version is refused with a message saying so.
#include <filesystem>
#include <string>

#include "core/data/feature_pipeline.h"
#include "core/data/target_encoding.h"
#include "core/model/run_card.h"
#include "core/model/tree_model.h"

namespace treelab {

inline constexpr int kModelFormatVersion = 1;

struct ModelFile {
    TreeModel tree;
    FeaturePipeline pipeline;
    TargetEncoding target;
    RunCard card;
};

std::string model_to_json(const ModelFile& model);  // pretty-printed, doubles round-trip exactly
// `source_name` names the input in messages. Throws ModelFileError (corrupt, newer version,
// hostile: sizes over limits, cycles, NaN thresholds, bad child indices).
ModelFile model_from_json(const std::string& text, const std::string& source_name);

void save_model(const ModelFile& model, const std::filesystem::path& file);  // atomic
ModelFile load_model(const std::filesystem::path& file);

}  // namespace treelab
