#pragma once
// What the CLI prints: JSON objects for --json and aligned tables for people.
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/tree_model.h"
#include "core/run/evaluation.h"

namespace treelab::cli {

nlohmann::json scores_json(const Scores& scores);  // null for an empty split
nlohmann::json tree_json(const TreeStats& stats);

// One line per split: name, then every score.
void print_scores_table(std::ostream& out, const std::vector<std::pair<std::string, const Scores*>>& splits);
void print_tree_line(std::ostream& out, const TreeStats& stats);

}  // namespace treelab::cli
