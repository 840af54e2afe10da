// The CART hyperparameter table and its resolution against a training set.
// Names, ranges and defaults follow scikit-learn 1.2.1's DecisionTreeClassifier/Regressor.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cart_settings.h"

namespace treelab {

std::span<const ParamSpec> cart_params() {
    static const std::vector<ParamSpec> specs = {
        {"criterion", "Criterion",
         "Split impurity: auto = gini for classification, squared_error for regression.", ParamType::Choice, 0, 0,
         std::string("auto"), {"auto", "gini", "entropy", "squared_error"}},
        {"max_depth", "Max depth", "Deepest level a node may have; 0 = no limit.", ParamType::Integer, 0, 1000,
         0LL, {}},
        {"min_samples_split", "Min samples to split", "A node with fewer training rows becomes a leaf.",
         ParamType::Integer, 2, 1e9, 2LL, {}},
        {"min_samples_leaf", "Min samples per leaf", "Splits leaving fewer rows in a child are not considered.",
         ParamType::Integer, 1, 1e9, 1LL, {}},
        {"min_impurity_decrease", "Min impurity decrease",
         "A split must lower the weighted impurity (N_t/N)·Δi by at least this much.", ParamType::Real, 0, 1e300,
         0.0, {}},
        {"max_features", "Max features",
         "Features drawn per node: all, sqrt, log2, a count >= 1 (capped at the feature count) or a fraction in (0, 1).",
         ParamType::Choice, 0, 1e9, std::string("all"), {"all", "sqrt", "log2"}, true},
        {"ccp_alpha", "Pruning alpha", "Minimal cost-complexity pruning strength (Breiman et al. 1984 ch. 3).",
         ParamType::Real, 0, 1e300, 0.0, {}, false, true},
    };
    return specs;
}

namespace cart {
namespace {

Criterion resolve_criterion(const std::string& name, Task task) {
    const bool classification = task == Task::Classification;
    if (name == "auto") return classification ? Criterion::Gini : Criterion::SquaredError;
    if (name == "squared_error") {
        if (classification) throw ParamError("criterion 'squared_error' needs a regression target");
        return Criterion::SquaredError;
    }
    if (!classification) throw ParamError("criterion '" + name + "' needs a classification target");
    return name == "entropy" ? Criterion::Entropy : Criterion::Gini;
}

// sklearn BaseDecisionTree.fit: sqrt/log2 -> max(1, int(f(n))); fraction -> max(1, int(frac*n)).
int resolve_max_features(const ParamValues& params, int n_features) {
    if (params.is_number("max_features")) {
        const double value = params.real("max_features");
        const int count = value >= 1.0 ? static_cast<int>(value) : static_cast<int>(value * n_features);
        return std::clamp(count, 1, std::max(n_features, 1));
    }
    const std::string name = params.text("max_features");
    if (name == "sqrt") return std::max(1, static_cast<int>(std::sqrt(static_cast<double>(n_features))));
    if (name == "log2") return std::max(1, static_cast<int>(std::log2(static_cast<double>(n_features))));
    return n_features;
}

}  // namespace

Settings resolve_settings(const ParamValues& params, const Dataset& train) {
    Settings s;
    s.criterion = resolve_criterion(params.text("criterion"), train.task);
    s.max_depth = static_cast<int>(params.integer("max_depth"));
    s.min_samples_split = static_cast<int>(std::min<long long>(params.integer("min_samples_split"), 1 << 30));
    s.min_samples_leaf = static_cast<int>(std::min<long long>(params.integer("min_samples_leaf"), 1 << 30));
    s.min_impurity_decrease = params.real("min_impurity_decrease");
    s.max_features = resolve_max_features(params, static_cast<int>(train.features()));
    return s;
}

}  // namespace cart
}  // namespace treelab
