#include "app/render/node_search.h"

#include <cstdio>

#include <QString>

#include "core/nn/argmax.h"

namespace treelab {
namespace {

std::string number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
    return buffer;
}

// Case-insensitive and with the ASCII spellings of ≤ that users type.
QString normalised(const std::string& text) {
    return QString::fromStdString(text).replace(QStringLiteral("<="), QStringLiteral("≤")).simplified().toCaseFolded();
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
    if (n.is_oblique()) return "≤ " + number(n.threshold);
    const auto feature = static_cast<std::size_t>(n.feature);
    return (feature < features.size() ? features[feature] : "x" + std::to_string(n.feature)) + " ≤ " + number(n.threshold);
}

std::vector<int> find_nodes(const TreeModel& tree, const std::vector<std::string>& features,
                            const std::vector<std::string>& classes, const std::string& query) {
    std::vector<int> found;
    const QString wanted = normalised(query);
    if (wanted.isEmpty() || tree.nodes.empty()) return found;
    std::vector<int> order{0};
    for (std::size_t next = 0; next < order.size(); ++next) {  // breadth first
        const int node = order[next];
        const TreeNode& n = tree.nodes[static_cast<std::size_t>(node)];
        if (n.pruned) continue;
        if (normalised(node_rule(tree, node, features, classes)).contains(wanted)) found.push_back(node);
        for (const int child : {n.left, n.right})
            if (child >= 0) order.push_back(child);
    }
    return found;
}

}  // namespace treelab
