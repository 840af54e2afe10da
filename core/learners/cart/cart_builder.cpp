// grow_cart: scikit-learn 1.2.1's DepthFirstTreeBuilder (sklearn/tree/_tree.pyx) with the
// BestSplitter of node_splitter.h. Nodes are numbered in the builder's preorder (a stack, left
// child popped first), so node ids, and the pruning path that scans them in id order, match sklearn.
#include <cfloat>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cart_settings.h"
#include "core/learners/cart/node_splitter.h"

namespace treelab {
namespace {

struct OpenNode {
    int start, end, depth, parent;
    bool is_left;
    double impurity;
    int n_constant_features;
};

constexpr int kProgressEvery = 1000;  // nodes between progress reports

// The builder's leaf tests that are known before a node is popped; when they hold for both
// children, no column needs partitioning (a saving of a whole level at max_depth).
bool leaf_for_sure(int n, int depth, double impurity, int max_depth, const cart::Settings& s) {
    return depth >= max_depth || n < s.min_samples_split || n < 2 * s.min_samples_leaf || impurity <= DBL_EPSILON;
}

// `row_counts`: empty, or one positive whole weight per row.
TreeModel grow(const Dataset& train, const ParamValues& params, std::uint32_t seed, std::span<const int> row_counts,
               const Progress& progress) {
    const cart::Settings settings = cart::resolve_settings(params, train);
    if (train.rows() == 0) throw TrainingError("CART needs at least one training row");
    if (train.rows() > std::numeric_limits<int>::max() / 2) throw TrainingError("CART: too many training rows");
    cart::NodeSplitter splitter(train, settings, seed, row_counts);

    TreeModel model;
    model.task = train.task;
    model.feature_names = train.feature_names;
    model.class_names = train.class_names;
    // Thresholds are midpoints of float32 values and sklearn predicts on float32 inputs.
    model.axis_precision = AxisPrecision::Float32;

    const int max_depth = settings.max_depth > 0 ? settings.max_depth : std::numeric_limits<int>::max();
    std::vector<OpenNode> stack{{0, static_cast<int>(train.rows()), 0, -1, false,
                                 std::numeric_limits<double>::infinity(), 0}};
    bool stopped = false;
    while (!stack.empty()) {
        OpenNode open = stack.back();
        stack.pop_back();
        splitter.reset(open.start, open.end);
        const int n = open.end - open.start;
        // Only the root computes its impurity here; children inherit it from their parent's split.
        if (open.parent < 0) open.impurity = splitter.node_impurity();
        // Once progress asked to stop, the nodes still open become leaves: the tree stays valid.
        bool is_leaf = stopped || leaf_for_sure(n, open.depth, open.impurity, max_depth, settings);
        cart::SplitRecord split;
        int n_constant_features = open.n_constant_features;
        if (!is_leaf) {
            split = splitter.split(open.impurity, n_constant_features);
            is_leaf = split.pos >= open.end || split.improvement + DBL_EPSILON < settings.min_impurity_decrease;
        }

        const int id = static_cast<int>(model.nodes.size());
        TreeNode& node = model.nodes.emplace_back();
        node.parent = open.parent;
        node.depth = open.depth;
        node.impurity = open.impurity;
        splitter.node_value(node);
        if (open.parent >= 0) (open.is_left ? model.nodes[open.parent].left : model.nodes[open.parent].right) = id;
        if (!is_leaf) {
            node.feature = split.feature;
            node.threshold = split.threshold;
            const bool children_split =
                !leaf_for_sure(split.pos - open.start, open.depth + 1, split.impurity_left, max_depth, settings) ||
                !leaf_for_sure(open.end - split.pos, open.depth + 1, split.impurity_right, max_depth, settings);
            splitter.partition(split, children_split);
            stack.push_back({split.pos, open.end, open.depth + 1, id, false, split.impurity_right, n_constant_features});
            stack.push_back({open.start, split.pos, open.depth + 1, id, true, split.impurity_left, n_constant_features});
        }
        if (progress && !stopped && (id == 0 || (id + 1) % kProgressEvery == 0)) {
            // A heartbeat after the root and every kProgressEvery nodes: CART has no epochs to plot,
            // only a chance to stop (epoch = nodes so far).
            EpochReport report;
            report.epoch = id + 1;
            report.heartbeat = true;
            stopped = !progress(report);
        }
    }
    return model;
}

}  // namespace

TreeModel grow_cart(const Dataset& train, const ParamValues& params, std::uint32_t seed, const Progress& progress) {
    return grow(train, params, seed, {}, progress);
}

TreeModel grow_weighted_cart(const Dataset& train, std::span<const int> row_counts, const ParamValues& params,
                             std::uint32_t seed, const Progress& progress) {
    if (static_cast<Eigen::Index>(row_counts.size()) != train.rows())
        throw TrainingError("CART: " + std::to_string(row_counts.size()) + " row weights for " +
                            std::to_string(train.rows()) + " training rows");
    // sklearn's Splitter.init leaves rows of weight 0 out of the search (their total adds nothing).
    std::vector<Eigen::Index> kept;
    std::vector<int> kept_counts;
    std::int64_t total = 0;
    for (std::size_t r = 0; r < row_counts.size(); ++r) {
        if (row_counts[r] < 0) throw TrainingError("CART: row " + std::to_string(r + 1) + " has a negative weight");
        if (row_counts[r] == 0) continue;
        kept.push_back(static_cast<Eigen::Index>(r));
        kept_counts.push_back(row_counts[r]);
        total += row_counts[r];
    }
    if (kept.empty()) throw TrainingError("CART needs at least one training row of positive weight");
    if (total > std::numeric_limits<int>::max()) throw TrainingError("CART: the row weights add up to too much");
    if (kept.size() == row_counts.size()) return grow(train, params, seed, row_counts, progress);
    return grow(train.subset(kept), params, seed, kept_counts, progress);
}

}  // namespace treelab
