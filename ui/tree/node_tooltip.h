#pragma once
// The text a node's tooltip shows (Orange's tree viewer shows the same three things): the path
// rule from the root, the rows reaching the node per class with their percentages, and its
// routing share.
#include <string>
#include <vector>

#include <QString>

#include "core/analysis/routing_analysis.h"
#include "core/model/tree_model.h"
#include "core/run/row_set.h"

namespace treelab {

struct NodeTipInput {
    const TreeModel* tree = nullptr;
    const std::vector<std::string>* features = nullptr;
    const std::vector<std::string>* classes = nullptr;
    const RoutingAnalysis* routing = nullptr;  // null: the model's training counts
    RowSet rowSet = RowSet::All;               // which rows `routing` routed
};

// Rich text, HTML-escaped (feature names may hold < and &; Orange's tree viewer got this wrong, github.com/biolab/orange3/issues/5871).
QString node_tooltip(const NodeTipInput& input, int node);

}  // namespace treelab
