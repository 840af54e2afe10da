// The forest's hyperparameter table: scikit-learn 1.2.1's RandomForestClassifier/Regressor names,
// ranges and defaults; the tree parameters are CART's (cart_hyperparameters.cpp).
#include "core/forest/random_forest.h"

#include <string>

#include "core/error.h"
#include "core/learners/cart/cart.h"

namespace treelab {

namespace {

// CART's own spec of a tree parameter the forest passes on to its trees.
ParamSpec cart_spec(const std::string& name) {
    for (const ParamSpec& spec : cart_hyperparameter_table())
        if (spec.name == name) return spec;
    throw Error("CART has no hyperparameter '" + name + "'");
}

}  // namespace

std::span<const ParamSpec> forest_params() {
    static const std::vector<ParamSpec> specs = {
        {.name = "n_estimators", .label = "Trees",
         .help = "Number of trees in the forest.",
         .type = ParamType::Integer, .min = 1, .max = 100000, .default_value = 100LL},
        cart_spec("criterion"),
        cart_spec("max_depth"),
        cart_spec("min_samples_split"),
        cart_spec("min_samples_leaf"),
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
