// The CART hyperparameter table and its resolution against a training set.
// Names, ranges and defaults follow scikit-learn 1.2.1's DecisionTreeClassifier/Regressor.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cart_settings.h"

namespace treelab {

std::span<const ParamSpec> cart_hyperparameter_table() {
    static const std::vector<ParamSpec> specs = {
        {.name = "criterion", .label = "Criterion",
         .help = "Split impurity: auto = gini for classification, squared_error for regression.",
         .type = ParamType::Choice, .default_value = std::string("auto"),
         .choices = {"auto", "gini", "entropy", "squared_error"}},
        {.name = "max_depth", .label = "Max depth",
         .help = "Deepest level a node may have; 0 = no limit.",
         .type = ParamType::Integer, .min = 0, .max = 1000, .default_value = 0LL},
        {.name = "min_samples_split", .label = "Min samples to split",
         .help = "A node with fewer training rows becomes a leaf.",
         .type = ParamType::Integer, .min = 2, .max = 1e9, .default_value = 2LL},
        {.name = "min_samples_leaf", .label = "Min samples per leaf",
         .help = "Splits leaving fewer rows in a child are not considered.",
         .type = ParamType::Integer, .min = 1, .max = 1e9, .default_value = 1LL},
        {.name = "min_impurity_decrease", .label = "Min impurity decrease",
         .help = "A split must lower the weighted impurity (N_t/N)·Δi by at least this much.",
         .type = ParamType::Real, .min = 0, .max = 1e300, .default_value = 0.0},
        {.name = "max_features", .label = "Max features",
         .help = "Features drawn per node: all, sqrt, log2, a count >= 1 (capped at the feature count) or a fraction in (0, 1).",
         .type = ParamType::Choice, .min = 0, .max = 1e9, .default_value = std::string("all"),
         .choices = {"all", "sqrt", "log2"}, .accepts_number = true},
        {.name = "ccp_alpha", .label = "Pruning alpha",
         .help = "Minimal cost-complexity pruning strength (Breiman et al. 1984 ch. 3).",
         .type = ParamType::Real, .min = 0, .max = 1e300, .default_value = 0.0, .log_scale = true},
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
