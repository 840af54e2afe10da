#pragma once
// What one drawn tree shows, node by node, before any painting: the layout (core/layout), the
// split rule, the routing share and its label (core/analysis, 000 Figs. 3-4), the class
// distribution and the fill. The painter (tree_painter.h) turns it into pixels for the canvas
// and for `treelab-cli draw` alike.
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

#include <Eigen/Core>
#include <QColor>

#include "app/render/colormap.h"
#include "core/analysis/routing_analysis.h"
#include "core/layout/tree_layout.h"
#include "core/model/model_file.h"

namespace treelab {

enum class ShareScale { PerLevel, OfData };           // 000 Figs. 3-4 | percent of all rows
enum class NodeFill { RoutingShare, MajorityClass };  // sequential map | class colour, alpha = purity
enum class NodeDetail { Full, Compact };              // rule + share + distribution | share only

struct PictureOptions {
    ShareScale scale = ShareScale::PerLevel;
    NodeFill fill = NodeFill::RoutingShare;
    Colormap colormap = Colormap::Reds;
    NodeDetail detail = NodeDetail::Full;
    int max_depth = -1;  // display limit, < 0 = all
    bool keep_ghosts = true;
    std::unordered_set<int> collapsed;
    std::unordered_set<int> revealed;  // shown despite max_depth: a search hit and its path
    int oblique_terms = 3;  // largest |weights| shown for an oblique split
};

struct SplitTerm {
    std::string feature;
    // Signed bar length: the weight, times the feature's spread when the weights are folded into
    // data units (TreeModel::weight_spread), so bars compare features as the ranking does.
    double size = 0.0;
};

struct NodeLook {
    bool ghost = false;  // reached by no drawn row (or, without rows, pruned or empty in training)
    bool leaf = false;   // a leaf of the effective tree
    std::string rule;    // "RI ≤ 1.518"; oblique: "≤ 0.42" beside `terms`; leaf: "class 2" / "value 3.1";
                         // linear leaf: "value 3.1 + k·x" beside `terms`
    std::vector<SplitTerm> terms;  // oblique split or linear leaf: the largest weights (slopes k), signed
    double share = 0.0;            // drives the fill, 0..1
    std::string share_label;       // share_label(share): "42", "0", "-"
    double flow = 0.0;             // rows entering the node / all rows: edge width
    double rows = 0.0;
    Eigen::VectorXd distribution;  // class proportions (classification), or {value}
    QColor fill;
    int hidden_leaves = 0;  // folded: the leaves of the effective tree its hidden subtree holds
};

struct TreePicture {
    TreeLayout layout;
    std::vector<NodeLook> looks;  // parallel to layout.boxes
    std::vector<std::string> class_names;
    std::string title, subtitle;  // e.g. "λ = 0.001" and "dendrogram purity = 0.3847; 12 empty nodes" (000 Fig. 3)
    PictureOptions options;
    bool regression = false;
    int class_index = -1;  // the one class whose routing is drawn (000 Fig. 4), −1 = all rows
};

// `routing` (of the whole model, not truncated) gives the shares of drawn rows; without it the
// shares are the model's training counts as percent of its training rows. `class_index` >= 0
// draws that class's routing alone (000 Fig. 4): its rows, normalised per level or over its rows.
// The rules are in the data's units (core/export/data_units.h).
TreePicture make_tree_picture(const ModelFile& model, const RoutingAnalysis* routing, const PictureOptions& options,
                              int class_index = -1);
// Same from a bare tree (a training snapshot) whose names live in the tree itself, drawn as it is
// (give it through tree_in_data_units to draw it in the data's units).
TreePicture make_tree_picture(const TreeModel& tree, const RoutingAnalysis* routing, const PictureOptions& options,
                              int class_index = -1);

// Same with the names given apart (the canvas draws a snapshot with its model's names without
// copying a 346,869-node tree into a ModelFile).
TreePicture make_tree_picture(const TreeModel& tree, const std::vector<std::string>& features,
                              const std::vector<std::string>& classes, const RoutingAnalysis* routing,
                              const PictureOptions& options, int class_index = -1);

// Box size and gaps of a node in layout units for each level of detail.
LayoutOptions layout_options(const PictureOptions& options);

}  // namespace treelab
