#pragma once
// Finding nodes of a drawn tree by what their boxes say: a feature name ("Mg", also among an
// oblique split's largest weights), a rule ("RI ≤ 1.5"; "<=" is read as "≤") or a leaf's
// prediction ("class 2"), case-insensitive. Given the tree as shown (core/export/data_units.h), a
// rule typed in the data's units finds the split shown in them.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/model/tree_model.h"

namespace treelab {

// The text a node's box shows: "RI ≤ 1.518" for an axis-aligned split ("Ba: every row goes left"
// for one no value crosses), "≤ 0.42" for an oblique one (with "(q-normal)" when its weights are
// on the quantile-normal scale), "class 2" or "value 3.1" for a leaf of the effective tree.
std::string node_rule(const TreeModel& tree, int node, const std::vector<std::string>& features,
                      const std::vector<std::string>& classes);

struct NodeQuery {
    NodeQuery(std::string typed) : text(std::move(typed)) {}  // implicit: find_nodes(…, {"Mg"})
    std::string text;
    int oblique_terms = 3;  // an oblique split (or linear leaf) lists its largest weights' features, as its box does
    // Whether rows reach the node; unset: the training rows (TreeNode::empty).
    std::function<bool(int)> reached;
};

// Nodes (pruned ones excluded) whose rule or listed features contain the query, or whose split
// matches a typed rule "Ba <= 0.4": the same feature, and a threshold that reads as the typed
// number (its leading digits, or rounded to as many decimals). Nodes that rows reach come first,
// then the empty ones (ghosts); each group in breadth-first order, the shallowest match first,
// so "next" walks down the tree. Empty query: no match.
std::vector<int> find_nodes(const TreeModel& tree, const std::vector<std::string>& features,
                            const std::vector<std::string>& classes, const NodeQuery& query);

}  // namespace treelab
