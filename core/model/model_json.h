#pragma once
// Internal to core (.cpp files only; it brings in nlohmann-json): a model file's JSON as a value,
// for documents that hold models and trees (project files), so that they are written and read by
// the model file's own code and every check of an untrusted model file applies to them.
#include <string>

#include "core/model/json_fields.h"
#include "core/model/model_file.h"

namespace treelab {

// The document model_to_json writes, before it is printed.
nlohmann::ordered_json model_json(const ModelFile& model);
// A tree's fields of a model file alone (task, names, axis precision, nodes, routing predictor);
// throws treelab::Error for a tree that would not load back (TreeModel::validate).
nlohmann::ordered_json tree_json(const TreeModel& tree);

// model_from_json on a parsed document (header included); throws ModelFileError for `source_name`.
ModelFile model_from_json_value(const Json& document, const std::string& source_name, const ModelFileLimits& limits);
// A tree_json object back, validated; throws ModelFileError for `source_name`.
TreeModel tree_from_json_value(const Json& tree, const std::string& source_name, const ModelFileLimits& limits);

}  // namespace treelab
