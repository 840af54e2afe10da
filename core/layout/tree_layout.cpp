#include "core/layout/tree_layout.h"

#include <algorithm>
#include <limits>

namespace treelab {
namespace {

// The visible part of the tree: up to two children per node, in left-right order.
struct VisibleTree {
    std::vector<int> order;          // visible nodes, every parent before its children
    std::vector<int> first, second;  // children, −1 when absent
    std::vector<char> visible;
    std::vector<char> folded;
    std::vector<int> index;  // 0 or 1 among the visible siblings

    int child_count(int v) const { return (first[v] >= 0) + (second[v] >= 0); }
    int leftmost(int v) const { return first[v]; }
    int rightmost(int v) const { return second[v] >= 0 ? second[v] : first[v]; }
};

bool is_ghost(const TreeNode& node) { return node.pruned || node.empty; }

enum class ChildShown { Yes, Folded, Left };  // drawn | hidden by the depth limit or a collapse | a ghost left out

ChildShown child_shown(const TreeModel& tree, const LayoutOptions& options, int parent, int child) {
    const TreeNode& c = tree.nodes[static_cast<std::size_t>(child)];
    const bool hidden_by_user = options.collapsed.contains(parent) ||
                                (options.max_depth >= 0 && c.depth > options.max_depth && !options.revealed.contains(child));
    if (hidden_by_user) return ChildShown::Folded;
    return !options.keep_ghosts && is_ghost(c) ? ChildShown::Left : ChildShown::Yes;
}

VisibleTree visible_tree(const TreeModel& tree, const LayoutOptions& options) {
    const auto n = tree.nodes.size();
    VisibleTree shown{{}, std::vector<int>(n, -1), std::vector<int>(n, -1), std::vector<char>(n, 0),
                      std::vector<char>(n, 0), std::vector<int>(n, 0)};
    if (n == 0) return shown;
    shown.visible[0] = 1;  // the root always shows, even when empty
    shown.order.push_back(0);
    for (std::size_t next = 0; next < shown.order.size(); ++next) {  // breadth first
        const auto v = static_cast<std::size_t>(shown.order[next]);
        const TreeNode& node = tree.nodes[v];
        for (const int child : {node.left, node.right}) {
            if (child < 0) continue;
            const ChildShown shows = child_shown(tree, options, static_cast<int>(v), child);
            if (shows == ChildShown::Folded) shown.folded[v] = 1;
            if (shows != ChildShown::Yes) continue;
            shown.visible[static_cast<std::size_t>(child)] = 1;
            shown.order.push_back(child);
            if (shown.first[v] < 0) {
                shown.first[v] = child;
            } else {
                shown.second[v] = child;
                shown.index[static_cast<std::size_t>(child)] = 1;
            }
        }
    }
    return shown;
}

// Buchheim, Jünger & Leipert (2002), "Improving Walker's algorithm to run in linear time", with
// the first walk reordered for an iterative pass: a subtree is arranged before its parent (reverse
// breadth-first order), and a child's own prelim and mod are set when its parent arranges its children.
class Walker {
public:
    Walker(const TreeModel& tree, const VisibleTree& shown, double distance)
        : tree_(tree), shown_(shown), distance_(distance), n_(tree.nodes.size()), prelim_(n_, 0.0), mod_(n_, 0.0),
          shift_(n_, 0.0), change_(n_, 0.0), mid_(n_, 0.0), thread_(n_, -1), ancestor_(n_) {
        for (std::size_t v = 0; v < n_; ++v) ancestor_[v] = static_cast<int>(v);
    }

    // x of every visible node, the root at 0.
    std::vector<double> run() {
        for (auto v = shown_.order.rbegin(); v != shown_.order.rend(); ++v)
            if (shown_.child_count(*v) > 0) arrange_children(*v);
        std::vector<double> x(n_, 0.0), offset(n_, 0.0);
        prelim_[0] = shown_.child_count(0) > 0 ? mid_[0] : 0.0;
        for (const int v : shown_.order) {  // second walk, parents first
            x[v] = prelim_[v] + offset[v];
            for (const int w : {shown_.first[v], shown_.second[v]})
                if (w >= 0) offset[static_cast<std::size_t>(w)] = offset[v] + mod_[v];
        }
        return x;
    }

private:
    void arrange_children(int v) {
        int default_ancestor = shown_.leftmost(v);
        int previous = -1;
        for (const int w : {shown_.first[v], shown_.second[v]}) {
            if (w < 0) continue;
            const bool internal = shown_.child_count(w) > 0;
            if (previous >= 0) {
                prelim_[w] = prelim_[previous] + distance_;
                if (internal) mod_[w] = prelim_[w] - mid_[w];
            } else {
                prelim_[w] = internal ? mid_[w] : 0.0;
            }
            default_ancestor = apportion(w, previous, default_ancestor);
            previous = w;
        }
        execute_shifts(v);
        mid_[v] = 0.5 * (prelim_[shown_.leftmost(v)] + prelim_[shown_.rightmost(v)]);
    }

    int next_left(int v) const { return shown_.child_count(v) > 0 ? shown_.leftmost(v) : thread_[v]; }
    int next_right(int v) const { return shown_.child_count(v) > 0 ? shown_.rightmost(v) : thread_[v]; }

    // Pushes v's subtree right until its left contour clears the right contour of its left
    // siblings (here at most one: binary trees), threading the shorter contour onto the longer.
    int apportion(int v, int left_sibling, int default_ancestor) {
        if (left_sibling < 0) return default_ancestor;
        const int parent = tree_.nodes[v].parent;
        int vir = v, vor = v, vil = left_sibling, vol = shown_.leftmost(parent);
        double sir = mod_[vir], sor = mod_[vor], sil = mod_[vil], sol = mod_[vol];
        while (next_right(vil) >= 0 && next_left(vir) >= 0) {
            vil = next_right(vil);
            vir = next_left(vir);
            vol = next_left(vol);
            vor = next_right(vor);
            ancestor_[vor] = v;
            const double shift = (prelim_[vil] + sil) - (prelim_[vir] + sir) + distance_;
            if (shift > 0.0) {
                const int a = tree_.nodes[ancestor_[vil]].parent == parent ? ancestor_[vil] : default_ancestor;
                move_subtree(a, v, shift);
                sir += shift;
                sor += shift;
            }
            sil += mod_[vil];
            sir += mod_[vir];
            sol += mod_[vol];
            sor += mod_[vor];
        }
        if (next_right(vil) >= 0 && next_right(vor) < 0) {
            thread_[vor] = next_right(vil);
            mod_[vor] += sil - sor;
        }
        if (next_left(vir) >= 0 && next_left(vol) < 0) {
            thread_[vol] = next_left(vir);
            mod_[vol] += sir - sol;
            default_ancestor = v;
        }
        return default_ancestor;
    }

    void move_subtree(int wl, int wr, double shift) {
        const double subtrees = shown_.index[wr] - shown_.index[wl];
        change_[wr] -= shift / subtrees;
        shift_[wr] += shift;
        change_[wl] += shift / subtrees;
        prelim_[wr] += shift;
        mod_[wr] += shift;
    }

    void execute_shifts(int v) {
        double shift = 0.0, change = 0.0;
        for (const int w : {shown_.second[v], shown_.first[v]}) {  // right to left
            if (w < 0) continue;
            prelim_[w] += shift;
            mod_[w] += shift;
            change += change_[w];
            shift += shift_[w] + change;
        }
    }

    const TreeModel& tree_;
    const VisibleTree& shown_;
    const double distance_;
    const std::size_t n_;
    std::vector<double> prelim_, mod_, shift_, change_, mid_;
    std::vector<int> thread_, ancestor_;
};

}  // namespace

std::size_t visible_node_count(const TreeModel& tree, const LayoutOptions& options) {
    if (tree.nodes.empty()) return 0;
    std::vector<int> pending{0};
    std::size_t count = 0;
    while (!pending.empty()) {
        const int v = pending.back();
        pending.pop_back();
        ++count;
        const TreeNode& node = tree.nodes[static_cast<std::size_t>(v)];
        for (const int child : {node.left, node.right})
            if (child >= 0 && child_shown(tree, options, v, child) == ChildShown::Yes) pending.push_back(child);
    }
    return count;
}

TreeLayout layout_tree(const TreeModel& tree, const LayoutOptions& options) {
    TreeLayout layout;
    layout.node_width = options.node_width;
    layout.node_height = options.node_height;
    layout.box_of_node.assign(tree.nodes.size(), -1);
    if (tree.nodes.empty()) return layout;

    const VisibleTree shown = visible_tree(tree, options);
    const std::vector<double> x = Walker(tree, shown, options.node_width + options.sibling_gap).run();

    double least_x = std::numeric_limits<double>::infinity(), most_x = -least_x;
    int deepest = 0;
    const int root_depth = tree.nodes[0].depth;
    for (std::size_t v = 0; v < tree.nodes.size(); ++v) {  // model order, as TreeLayout promises
        if (!shown.visible[v]) continue;
        const TreeNode& node = tree.nodes[v];
        layout.box_of_node[v] = static_cast<int>(layout.boxes.size());
        const int level = node.depth - root_depth;
        deepest = std::max(deepest, level);
        const int parent_box = node.parent >= 0 ? layout.box_of_node[static_cast<std::size_t>(node.parent)] : -1;
        const double y = level * (options.node_height + options.level_gap) + 0.5 * options.node_height;
        layout.boxes.push_back({static_cast<int>(v), parent_box, x[v], y, is_ghost(node), shown.folded[v] != 0});
        least_x = std::min(least_x, x[v]);
        most_x = std::max(most_x, x[v]);
    }
    for (NodeBox& box : layout.boxes) box.x += 0.5 * options.node_width - least_x;
    layout.width = most_x - least_x + options.node_width;
    layout.height = deepest * (options.node_height + options.level_gap) + options.node_height;
    return layout;
}

}  // namespace treelab
