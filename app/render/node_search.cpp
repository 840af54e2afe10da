#include "app/render/node_search.h"

#include <cmath>
#include <optional>

#include <QRegularExpression>
#include <QString>

#include "core/export/feature_value_text.h"
#include "core/export/number_text.h"
#include "core/export/split_text.h"
#include "core/export/weighted_sum_text.h"
#include "core/nn/argmax.h"

namespace treelab {
namespace {

constexpr int kDigits = 4;  // significant digits of the numbers in a box

std::string number(double value) { return significant_text(value, kDigits); }

// Case-folded, single-spaced, with the ASCII spellings users type: "<=" for "≤", ">=" for "≥",
// "-" for the minus sign "−".
std::string normalised(const std::string& text) {
    return QString::fromStdString(text)
        .replace(QStringLiteral("<="), QStringLiteral("≤"))
        .replace(QStringLiteral(">="), QStringLiteral("≥"))
        .replace(QStringLiteral("−"), QStringLiteral("-"))
        .simplified()
        .toCaseFolded()
        .toStdString();
}

std::vector<std::string> folded(const std::vector<std::string>& names) {
    std::vector<std::string> out;
    out.reserve(names.size());
    for (const std::string& name : names) out.push_back(QString::fromStdString(name).toCaseFolded().toStdString());
    return out;
}

// A typed rule "ba ≤ 0.4" or "signup ≤ 2020-03-14" (normalised): the feature, the value as typed,
// and when it is a number, its value and decimals.
struct TypedRule {
    std::string feature, text;
    std::optional<double> number;
    int decimals = 0;
};

std::optional<TypedRule> typed_rule(const std::string& query) {
    static const QRegularExpression rule(QStringLiteral(R"(^(.+?) ?(≤|<|≥|>) ?(.+)$)"));
    static const QRegularExpression decimal(QStringLiteral(R"(^[-+]?\d+(?:\.(\d*))?$)"));
    const QRegularExpressionMatch match = rule.match(QString::fromStdString(query));
    if (!match.hasMatch()) return std::nullopt;
    TypedRule typed;
    typed.feature = match.captured(1).toStdString();
    typed.text = match.captured(3).toStdString();
    if (const QRegularExpressionMatch digits = decimal.match(match.captured(3)); digits.hasMatch()) {
        typed.number = match.captured(3).toDouble();
        typed.decimals = static_cast<int>(digits.captured(1).size());
    }
    return typed;
}

// A threshold reads as the typed value when its text (a date's, a weekday's: feature_value_text.h)
// starts with it (1.518 for "1.5", 2020-03-14 for "2020-03") or, for a number, it rounds to it at
// the typed decimals (0.385 for "0.4").
bool reads_as(const TreeModel& tree, const TreeNode& split, const TypedRule& typed) {
    if (!std::isfinite(split.threshold)) return false;
    const QString shown = QString::fromStdString(feature_value_text(tree, split.feature, split.threshold, kDigits));
    if (shown.toCaseFolded().startsWith(QString::fromStdString(typed.text))) return true;
    // Rounding applies to thresholds shown as numbers, not to a date's day count.
    if (!typed.number || shown != QString::fromStdString(number(split.threshold))) return false;
    const double half_step = 0.5 * std::pow(10.0, -typed.decimals);
    return std::abs(split.threshold - *typed.number) <= half_step * (1.0 + 1e-9);
}

// What a node's box lists beyond its rule: the features of an oblique split's or a linear
// leaf's largest weights.
std::string listed_features(const TreeModel& tree, int node, const std::vector<std::string>& features, int terms) {
    const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
    const bool leaf = !n.is_split() || tree.stops_at(node);
    const Eigen::VectorXd* weights = !leaf && n.is_oblique() ? &n.weights : leaf && n.is_linear() ? &n.leaf_weights : nullptr;
    std::string listed;
    if (weights)
        for (const Eigen::Index k : largest_weights(*weights, terms, tree.weight_spread)) listed += "\n" + feature_label(features, k);
    return listed;
}

}  // namespace

std::string node_rule(const TreeModel& tree, int node, const std::vector<std::string>& features,
                      const std::vector<std::string>& classes) {
    const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
    if (!n.is_split() || tree.stops_at(node)) {  // a pruned split is still a leaf
        if (tree.task != Task::Classification || n.distribution.size() == 0)
            return n.distribution.size() > 0 ? "value " + number(n.distribution(0)) : "";
        const Eigen::Index best = nn::argmax(n.distribution);
        const auto index = static_cast<std::size_t>(best);
        return "class " + (index < classes.size() ? classes[index] : std::to_string(best));
    }
    if (n.is_oblique()) return "≤ " + number(n.threshold) + (tree.weight_scale.empty() ? "" : " (q-normal)");
    const std::string feature = feature_label(features, n.feature);
    const std::string uncrossed = uncrossed_split_text(feature, n.threshold);
    return uncrossed.empty() ? feature + " ≤ " + feature_value_text(tree, n.feature, n.threshold, kDigits) : uncrossed;
}

std::vector<int> find_nodes(const TreeModel& tree, const std::vector<std::string>& features,
                            const std::vector<std::string>& classes, const NodeQuery& query) {
    std::vector<int> found, empty;
    const std::string wanted = normalised(query.text);
    if (wanted.empty() || tree.nodes.empty()) return found;
    const std::optional<TypedRule> typed = typed_rule(wanted);
    // A rule made of case-folded names is case-folded itself (its own words and numbers are lower
    // case): one fold per name, not one per node (346,869 nodes searched in 35 ms instead of 95).
    const std::vector<std::string> folded_features = folded(features), folded_classes = folded(classes);
    const auto matches = [&](int node) {
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        if (typed && n.is_split() && !n.is_oblique() && !tree.stops_at(node) &&
            feature_label(folded_features, n.feature) == typed->feature && reads_as(tree, n, *typed))
            return true;
        const std::string text = node_rule(tree, node, folded_features, folded_classes) +
                                 listed_features(tree, node, folded_features, query.oblique_terms);
        return text.find(wanted) != std::string::npos;
    };
    std::vector<int> order{0};
    for (std::size_t next = 0; next < order.size(); ++next) {  // breadth first
        const int node = order[next];
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        if (n.pruned) continue;
        if (matches(node)) {
            const bool reached = query.reached ? query.reached(node) : !n.empty;
            (reached ? found : empty).push_back(node);
        }
        for (const int child : {n.left, n.right})
            if (child >= 0) order.push_back(child);
    }
    found.insert(found.end(), empty.begin(), empty.end());
    return found;
}

}  // namespace treelab
