// The forest's hyperparameter table: scikit-learn 1.2.1's RandomForestClassifier/Regressor names,
// ranges and defaults; the tree parameters are CART's (cart_hyperparameters.cpp).
#include "core/forest/random_forest.h"

namespace treelab {

std::span<const ParamSpec> forest_params() {
    static const std::vector<ParamSpec> specs = {
        {.name = "n_estimators", .label = "Trees",
         .help = "Number of trees in the forest.",
         .type = ParamType::Integer, .min = 1, .max = 100000, .default_value = 100LL},
        {.name = "criterion", .label = "Criterion",
         .help = "Split impurity: auto = gini for classification, squared_error for regression.",
         .type = ParamType::Choice, .default_value = std::string("auto"),
         .choices = {"auto", "gini", "entropy", "squared_error"}},
        {.name = "max_depth", .label = "Max depth",
         .help = "Deepest level a node may have; 0 = no limit.",
         .type = ParamType::Integer, .min = 0, .max = 1000, .default_value = 0LL},
        {.name = "min_samples_split", .label = "Min samples to split",
         .help = "A node with fewer distinct training rows becomes a leaf.",
         .type = ParamType::Integer, .min = 2, .max = 1e9, .default_value = 2LL},
        {.name = "min_samples_leaf", .label = "Min samples per leaf",
         .help = "Splits leaving fewer distinct rows in a child are not considered.",
         .type = ParamType::Integer, .min = 1, .max = 1e9, .default_value = 1LL},
        {.name = "max_features", .label = "Max features",
         .help = "Features drawn per node: auto = sqrt for classification and all for regression (scikit-learn's "
                 "defaults), all, sqrt, log2, a count >= 1 or a fraction in (0, 1).",
         .type = ParamType::Choice, .min = 0, .max = 1e9, .default_value = std::string("auto"),
         .choices = {"auto", "all", "sqrt", "log2"}, .accepts_number = true},
        {.name = "bootstrap", .label = "Bootstrap",
         .help = "Each tree learns from a bootstrap sample of the rows; off = every tree sees every row.",
         .type = ParamType::Boolean, .default_value = true},
    };
    return specs;
}

}  // namespace treelab
