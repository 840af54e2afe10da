#include "core/export/path_rule.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "core/error.h"
#include "core/export/feature_value_text.h"
#include "core/export/number_text.h"
#include "core/export/split_text.h"
#include "core/export/weighted_sum_text.h"

namespace treelab {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// One condition of the path: an axis-aligned feature's bounds (lower < x ≤ upper) or an
// oblique split's text.
struct Condition {
    int feature = -1;
    std::optional<double> lower, upper;
    std::string oblique;
};

std::string oblique_text(const TreeModel& tree, const TreeNode& node, bool left, const std::vector<std::string>& names,
                         const PathRuleOptions& options) {
    return weighted_sum_text(node.weights, names, options.significant_digits, options.oblique_terms, tree.weight_spread) +
           (left ? " ≤ " : " > ") +
           significant_text(node.threshold, options.significant_digits);
}

// Infinite bounds come from splits no value crosses (data_units.h): x ≤ +∞ and x > −∞ say
// nothing and are left out (empty text), x ≤ −∞ and x > +∞ hold for no row.
std::string axis_text(const TreeModel& tree, Condition c, const std::vector<std::string>& names, int digits) {
    const std::string name = feature_label(names, c.feature);
    const auto value = [&](double bound) { return feature_value_text(tree, c.feature, bound, digits); };
    if ((c.lower && *c.lower == kInfinity) || (c.upper && *c.upper == -kInfinity)) return "no value of " + name;
    if (c.lower && *c.lower == -kInfinity) c.lower.reset();
    if (c.upper && *c.upper == kInfinity) c.upper.reset();
    if (!c.lower && !c.upper) return "";
    if (c.lower && c.upper) return value(*c.lower) + " < " + name + " ≤ " + value(*c.upper);
    if (c.upper) return name + " ≤ " + value(*c.upper);
    return name + " > " + value(*c.lower);
}

}  // namespace

std::vector<std::string> path_conditions(const TreeModel& tree, int node, const std::vector<std::string>& feature_names,
                                         const PathRuleOptions& options) {
    if (node < 0 || static_cast<std::size_t>(node) >= tree.nodes.size())
        throw Error("node " + std::to_string(node) + " is not in the tree (it has " + std::to_string(tree.nodes.size()) +
                    " nodes)");
    std::vector<int> path;  // node, its parent, …, the root
    for (int at = node; at >= 0; at = tree.nodes[static_cast<std::size_t>(at)].parent) path.push_back(at);
    std::reverse(path.begin(), path.end());

    std::vector<Condition> conditions;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const TreeNode& split = tree.nodes[static_cast<std::size_t>(path[i])];
        const bool left = split.left == path[i + 1];
        if (split.is_oblique()) {
            conditions.push_back({-1, {}, {}, oblique_text(tree, split, left, feature_names, options)});
            continue;
        }
        auto same = std::find_if(conditions.begin(), conditions.end(),
                                 [&](const Condition& c) { return c.feature == split.feature; });
        if (same == conditions.end()) same = conditions.insert(conditions.end(), Condition{split.feature, {}, {}, {}});
        if (left) same->upper = std::min(same->upper.value_or(split.threshold), split.threshold);
        else same->lower = std::max(same->lower.value_or(split.threshold), split.threshold);
    }
    std::vector<std::string> texts;
    for (const Condition& c : conditions) {
        std::string text = c.feature >= 0 ? axis_text(tree, c, feature_names, options.significant_digits) : c.oblique;
        if (!text.empty()) texts.push_back(std::move(text));
    }
    return texts;
}

std::string path_rule(const TreeModel& tree, int node, const std::vector<std::string>& feature_names,
                      const PathRuleOptions& options) {
    const std::vector<std::string> conditions = path_conditions(tree, node, feature_names, options);
    if (conditions.empty()) return "all rows";
    std::string rule;
    for (const std::string& condition : conditions) rule += (rule.empty() ? "" : " and ") + condition;
    // The scale once per rule, not once per oblique condition: one tree has one scale.
    bool oblique = false;
    for (int at = tree.nodes[static_cast<std::size_t>(node)].parent; at >= 0; at = tree.nodes[static_cast<std::size_t>(at)].parent)
        oblique = oblique || tree.nodes[static_cast<std::size_t>(at)].is_oblique();
    const std::string scale = weight_scale_text(tree);
    return oblique && !scale.empty() ? rule + " (" + scale + ")" : rule;
}

}  // namespace treelab
