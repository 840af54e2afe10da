#include "app/render/tree_picture.h"

#include <algorithm>
#include <cmath>

#include "app/render/node_search.h"
#include "core/export/data_units.h"
#include "core/export/weighted_sum_text.h"
#include "core/nn/argmax.h"

namespace treelab {
namespace {

// The largest weights of an oblique split or a linear leaf with their feature names (core picks
// them, so the canvas and the path rule agree).
std::vector<SplitTerm> largest_terms(const Eigen::VectorXd& weights, const std::vector<std::string>& names, int count,
                                     const Eigen::VectorXd& spread) {
    std::vector<SplitTerm> terms;
    for (const Eigen::Index k : largest_weights(weights, count, spread))
        terms.push_back({feature_label(names, k), weights(k) * (spread.size() == weights.size() ? spread(k) : 1.0)});
    return terms;
}

// Leaves of the effective tree below each node (itself when it is one): what a folded box hides.
std::vector<int> leaves_below(const TreeModel& tree) {
    std::vector<int> order{0}, leaves(tree.nodes.size(), 0);
    for (std::size_t next = 0; next < order.size(); ++next) {  // breadth first, then children before parents
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(order[next])];
        if (node.is_split() && !tree.stops_at(order[next]))
            for (const int child : {node.left, node.right})
                if (child >= 0 && !tree.nodes[static_cast<std::size_t>(child)].pruned) order.push_back(child);
    }
    for (auto v = order.rbegin(); v != order.rend(); ++v) {
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(*v)];
        if (leaves[*v] == 0) leaves[*v] = 1;  // no child counted: a leaf
        if (node.parent >= 0) leaves[static_cast<std::size_t>(node.parent)] += leaves[*v];
    }
    return leaves;
}

// Majority class colour, more opaque the purer the node (sklearn's filled export_graphviz).
QColor class_fill(const Eigen::VectorXd& distribution) {
    if (distribution.size() < 2 || distribution.sum() <= 0.0) return QColor(0xf4f4f4);
    const Eigen::Index best = nn::argmax(distribution);
    const double top = distribution(best) / distribution.sum();
    const double chance = 1.0 / static_cast<double>(distribution.size());
    QColor colour = class_color(static_cast<int>(best));
    colour.setAlphaF(static_cast<float>(0.15 + 0.85 * std::clamp((top - chance) / (1.0 - chance), 0.0, 1.0)));
    return colour;
}

// Rows reaching `node` (of one class when class_index >= 0), from the routing or the training counts.
double rows_at(const TreeModel& tree, const RoutingAnalysis* routing, int node, int class_index) {
    if (routing) {
        const NodeRouting& r = routing->nodes[static_cast<std::size_t>(node)];
        return class_index >= 0 ? r.class_rows(class_index) : static_cast<double>(r.rows);
    }
    const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
    return class_index >= 0 && n.class_counts.size() > class_index ? n.class_counts(class_index) : n.samples;
}

TreePicture build(const TreeModel& tree, const std::vector<std::string>& features, const std::vector<std::string>& classes,
                  const RoutingAnalysis* routing, const PictureOptions& options, int class_index) {
    if (routing && routing->nodes.size() != tree.nodes.size()) routing = nullptr;  // truncated: not usable here
    TreePicture picture;
    picture.options = options;
    picture.class_names = classes;
    picture.regression = tree.task != Task::Classification;
    picture.class_index = class_index;
    picture.layout = layout_tree(tree, layout_options(options));
    if (tree.nodes.empty()) return picture;
    const double all_rows = rows_at(tree, routing, 0, class_index);
    const std::vector<int> leaves = leaves_below(tree);
    for (const NodeBox& box : picture.layout.boxes) {
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(box.node)];
        NodeLook look;
        look.leaf = !node.is_split() || tree.stops_at(box.node);  // a pruned leaf is still a leaf
        look.rule = node_rule(tree, box.node, features, classes);
        if (box.folded) look.hidden_leaves = leaves[static_cast<std::size_t>(box.node)];
        if (node.is_split() && node.is_oblique() && !look.leaf) look.terms = largest_terms(node.weights, features, options.oblique_terms, tree.weight_spread);
        if (look.leaf && node.is_linear()) {  // the slopes k drawn as an oblique split's weights
            look.terms = largest_terms(node.leaf_weights, features, options.oblique_terms, tree.weight_spread);
            if (!look.terms.empty()) look.rule += " + k·x";
        }
        look.rows = rows_at(tree, routing, box.node, class_index);
        look.flow = all_rows > 0.0 ? look.rows / all_rows : 0.0;
        const NodeRouting* r = routing ? &routing->nodes[static_cast<std::size_t>(box.node)] : nullptr;
        const bool per_level = r && options.scale == ShareScale::PerLevel;
        look.share = per_level ? (class_index >= 0 ? r->class_share(class_index) : r->share_in_level) : look.flow;
        look.share_label = share_label(look.share);
        // With drawn rows, a ghost is a node none of them reaches (000 Fig. 3 counts these as EN);
        // without, one pruned or empty in training.
        look.ghost = r ? node.pruned || r->rows == 0 : box.ghost;
        // The drawn rows' classes when known, else what the model predicts at the node.
        look.distribution = r && r->class_rows.size() > 0 && r->rows > 0 ? Eigen::VectorXd(r->class_rows.cast<double>())
                                                                         : node.distribution;
        if (look.ghost) look.fill = QColor(0xeeeeee);
        else if (options.fill == NodeFill::MajorityClass && !picture.regression) look.fill = class_fill(look.distribution);
        else look.fill = colormap_color(options.colormap, look.share);
        picture.looks.push_back(std::move(look));
    }
    return picture;
}

}  // namespace

LayoutOptions layout_options(const PictureOptions& options) {
    LayoutOptions layout;
    if (options.detail == NodeDetail::Compact) {
        layout.node_width = 44.0;
        layout.node_height = 30.0;
        layout.sibling_gap = 8.0;
        layout.level_gap = 26.0;
    } else {
        layout.node_width = 150.0;
        layout.node_height = 100.0;
        layout.sibling_gap = 14.0;
        layout.level_gap = 34.0;
    }
    layout.keep_ghosts = options.keep_ghosts;
    layout.max_depth = options.max_depth;
    layout.collapsed = options.collapsed;
    layout.revealed = options.revealed;
    return layout;
}

TreePicture make_tree_picture(const ModelFile& model, const RoutingAnalysis* routing, const PictureOptions& options,
                              int class_index) {
    return build(tree_in_data_units(model), model.pipeline.feature_names(), model.target.class_names, routing, options, class_index);
}

TreePicture make_tree_picture(const TreeModel& tree, const RoutingAnalysis* routing, const PictureOptions& options,
                              int class_index) {
    return build(tree, tree.feature_names, tree.class_names, routing, options, class_index);
}

TreePicture make_tree_picture(const TreeModel& tree, const std::vector<std::string>& features,
                              const std::vector<std::string>& classes, const RoutingAnalysis* routing,
                              const PictureOptions& options, int class_index) {
    return build(tree, features, classes, routing, options, class_index);
}

}  // namespace treelab
