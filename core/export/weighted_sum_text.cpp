// weighted_sum_text.h.
#include "core/export/weighted_sum_text.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/export/number_text.h"

namespace treelab {

std::string feature_label(const std::vector<std::string>& names, Eigen::Index k) {
    const auto index = static_cast<std::size_t>(k);
    return index < names.size() ? names[index] : "x" + std::to_string(k);
}

std::vector<Eigen::Index> largest_weights(const Eigen::VectorXd& weights, int count, const Eigen::VectorXd& spread) {
    const bool spread_known = spread.size() == weights.size();
    const auto size = [&](Eigen::Index k) { return std::abs(weights(k)) * (spread_known ? spread(k) : 1.0); };
    std::vector<Eigen::Index> order(static_cast<std::size_t>(weights.size()));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) { return size(a) > size(b); });
    std::vector<Eigen::Index> largest;
    for (const Eigen::Index k : order) {
        if (static_cast<int>(largest.size()) >= count || weights(k) == 0.0) break;
        largest.push_back(k);
    }
    return largest;
}

std::string weighted_sum_text(const Eigen::VectorXd& weights, const std::vector<std::string>& names, int digits, int terms,
                              const Eigen::VectorXd& spread) {
    const std::vector<Eigen::Index> largest = largest_weights(weights, terms, spread);
    std::string sum;
    for (const Eigen::Index k : largest) {
        const double w = weights(k);
        const std::string magnitude = significant_text(std::abs(w), digits) + "·" + feature_label(names, k);
        sum += sum.empty() ? (w < 0 ? "−" : "") + magnitude : (w < 0 ? " − " : " + ") + magnitude;
    }
    const auto nonzero = static_cast<std::size_t>((weights.array() != 0.0).count());
    if (largest.size() < nonzero) sum += " + …";
    return sum.empty() ? "0" : sum;
}

std::string leaf_value_text(const TreeNode& node, const std::vector<std::string>& names, int digits, int terms,
                            const Eigen::VectorXd& spread) {
    const std::string value = node.distribution.size() > 0 ? significant_text(node.distribution(0), digits) : "";
    if (!node.is_linear() || (node.leaf_weights.array() == 0.0).all()) return value;
    const std::string sum = weighted_sum_text(node.leaf_weights, names, digits, terms, spread);
    return value + (sum.starts_with("−") ? " − " + sum.substr(std::string("−").size()) : " + " + sum);
}

}  // namespace treelab
