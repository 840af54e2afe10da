#include "app/cli/report.h"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace treelab::cli {

nlohmann::json scores_json(const Scores& scores) {
    if (scores.empty()) return nullptr;
    nlohmann::json object = nlohmann::json::object();
    for (const auto& [name, value] : scores) object[name] = value;
    return object;
}

nlohmann::json tree_json(const TreeStats& stats) {
    return {{"depth", stats.depth},           {"nodes", stats.nodes},
            {"leaves", stats.leaves},         {"active_nodes", stats.active_nodes},
            {"empty_nodes", stats.empty_nodes}, {"pruned_nodes", stats.pruned_nodes}};
}

void print_scores_table(std::ostream& out, const std::vector<std::pair<std::string, const Scores*>>& splits) {
    const Scores* header = nullptr;
    for (const auto& [name, scores] : splits)
        if (!scores->empty()) header = scores;
    if (!header) return;
    // each column as wide as its name (balanced_accuracy) and at least 11
    auto width = [](const std::string& metric) { return static_cast<int>(std::max<std::size_t>(11, metric.size() + 2)); };
    out << std::setw(8) << "";
    for (const auto& [metric, value] : *header) out << std::setw(width(metric)) << metric;
    out << '\n';
    for (const auto& [name, scores] : splits) {
        if (scores->empty()) continue;
        out << "  " << std::left << std::setw(6) << name << std::right;
        for (const auto& [metric, value] : *scores) out << std::setw(width(metric)) << std::fixed << std::setprecision(4) << value;
        out << '\n';
    }
    out.unsetf(std::ios::fixed);
}

void print_tree_line(std::ostream& out, const TreeStats& stats) {
    out << "tree: depth " << stats.depth << ", " << stats.nodes << " nodes, " << stats.leaves << " leaves ("
        << stats.empty_nodes << " empty, " << stats.pruned_nodes << " pruned)\n";
}

}  // namespace treelab::cli
