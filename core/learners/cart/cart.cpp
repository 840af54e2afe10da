// train_cart: grow (cart_builder.cpp), then minimal cost-complexity pruning at ccp_alpha
// (cost_complexity.cpp), as sklearn's DecisionTree.fit does.
#include "core/learners/cart/cart.h"

#include "core/learners/cart/cost_complexity.h"

namespace treelab {

TrainResult train_cart(const TrainInput& input, const Progress& progress) {
    TrainResult result;
    Progress watching;
    if (progress) {
        // CART has no epochs (its history stays empty); its reports are heartbeats that can stop it.
        watching = [&](const EpochReport& report) {
            const bool go_on = progress(report);
            result.stopped_early = !go_on;
            return go_on;
        };
    }
    const TreeModel grown = grow_cart(input.train, input.params, input.seed, watching);
    result.model = prune_cost_complexity(grown, input.params.real("ccp_alpha"));
    return result;
}

}  // namespace treelab
