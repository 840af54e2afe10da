#pragma once
// Finding nodes of a drawn tree by what their boxes say (issue 16): a feature name ("Mg"), a
// rule ("RI ≤ 1.5"; "<=" is read as "≤") or a leaf's prediction ("class 2"), case-insensitive.
#include <string>
#include <vector>

#include "core/model/tree_model.h"

namespace treelab {

// The text a node's box shows: "RI ≤ 1.518" for an axis-aligned split, "≤ 0.42" for an oblique
// one, "class 2" or "value 3.1" for a leaf of the effective tree.
std::string node_rule(const TreeModel& tree, int node, const std::vector<std::string>& features,
                      const std::vector<std::string>& classes);

// Nodes whose rule contains `query` (pruned ones excluded), in breadth-first order: the shallowest
// match first, so "next" walks down the tree. Empty query: no match.
std::vector<int> find_nodes(const TreeModel& tree, const std::vector<std::string>& features,
                            const std::vector<std::string>& classes, const std::string& query);

}  // namespace treelab
