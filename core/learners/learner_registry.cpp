#include <array>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/cart/cost_complexity.h"
#include "core/learners/learner.h"

namespace treelab {

std::span<const LearnerInfo> learners() {
    static const std::array<LearnerInfo, 1> table = {
        LearnerInfo{"cart", "CART",
                    "Greedy CART (scikit-learn semantics) with minimal cost-complexity pruning; the baseline.",
                    false, cart_params(), train_cart,
                    PruningPathHook{"ccp_alpha",
                                    [](const TreeModel& tree) { return cost_complexity_path(tree).alphas; },
                                    prune_cost_complexity}},
    };
    return table;
}

const LearnerInfo& find_learner(const std::string& name) {
    std::string known;
    for (const LearnerInfo& learner : learners()) {
        if (learner.name == name) return learner;
        known += (known.empty() ? "" : ", ") + learner.name;
    }
    throw ParamError("unknown method '" + name + "'; available: " + known);
}

}  // namespace treelab
