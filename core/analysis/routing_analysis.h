#pragma once
// How rows are routed through a tree: the numbers behind 000's Figure 3 (routing share per node
// and EN, the number of empty nodes, as pruning grows) and Figure 4 (the same per class). Follows
// the LatentTrees notebook "Analyze GLASS" (vzantedeschi/LatentTrees notebooks/Analyze GLASS.ipynb, at commit 7c36ffc: shares per depth level, on all 214 rows).
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/tree_model.h"

namespace treelab {

struct NodeRouting {
    int node = 0, parent = -1, depth = 0;
    bool pruned = false;
    Eigen::Index rows = 0;        // rows whose path passes through the node (z_t > 0); 0 when pruned
    double share_in_level = 0.0;  // rows / rows of all nodes at this depth; 0 when the level has none
    std::string label;            // share_label(share_in_level), as Figure 3 prints it
    // With class labels (Figure 4): rows per class, and each class's rows normalised per depth
    // level (over that class's rows at the level). Empty without labels.
    Eigen::VectorXi class_rows;
    Eigen::VectorXd class_share;
};

struct RoutingAnalysis {
    std::vector<NodeRouting> nodes;  // in node order; only depth <= max_depth when truncated
    // Over ALL nodes of the model, whatever max_depth (as the Analyze GLASS notebook counts them):
    int empty_nodes = 0;   // EN: nodes no row reaches, internal and pruned ones included
    int active_nodes = 0;  // nodes some row reaches (never pruned ones)
    int pruned_nodes = 0;  // nodes flagged pruned
};

// The notebook's label: int(100 · share), which truncates (000's captions say "rounded"), and "-"
// only for an exact zero, so "0" means a non-empty share below 1 %.
std::string share_label(double share);

// max_depth < 0 keeps every node; Figure 4 shows depth <= 3. Shares are normalised over each
// full depth level before truncation, so truncating never changes them.
RoutingAnalysis analyse_routing(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X, int max_depth = -1);
// The same with class labels y (class indices 0..classes-1, see class_indices).
RoutingAnalysis analyse_routing(const TreeModel& tree, const Eigen::Ref<const Eigen::MatrixXd>& X,
                                const Eigen::Ref<const Eigen::VectorXd>& y, int classes, int max_depth = -1);

}  // namespace treelab
