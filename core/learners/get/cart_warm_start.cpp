// cart_warm_start.h.
#include "core/learners/get/cart_warm_start.h"

#include <string>

#include "core/error.h"
#include "core/learners/cart/cart.h"
#include "core/learners/get/get_hard_tree.h"

namespace treelab::get {
namespace {

// Places CART node `node` (and its subtree) at heap position t of the GET tree.
void place(const Spec& spec, const TreeModel& cart, const UnitScaling& scaling, int node, Eigen::Index t,
           MutableParameterView& v) {
    const TreeNode& source = cart.nodes[static_cast<std::size_t>(node)];
    if (t >= spec.internal()) {
        if (source.is_split()) throw Error("the CART warm start is deeper than the GET tree of depth " + std::to_string(spec.depth));
        const Eigen::RowVectorXd value = source.distribution.transpose();
        v.leaf.row(t - spec.internal()) =
            spec.loss == LeafLoss::SquaredError ? Eigen::RowVectorXd::Constant(1, (value(0) - scaling.y.low) / scaling.y.range)
                                                : Eigen::RowVectorXd(leaf_parameters(spec, value));
        return;
    }
    v.A.row(t).setZero();
    v.b(t) = 0.0;
    if (!source.is_split()) {  // a chain of always-left nodes down to the last level
        place(spec, cart, scaling, node, 2 * t + 1, v);
        place(spec, cart, scaling, node, 2 * t + 2, v);
        return;
    }
    if (source.is_oblique()) throw Error("the CART warm start needs axis-aligned splits");
    const Eigen::Index k = source.feature;
    v.A(t, k) = 1.0;
    v.b(t) = (source.threshold - scaling.low(k)) * scaling.factor(k);
    place(spec, cart, scaling, source.left, 2 * t + 1, v);
    place(spec, cart, scaling, source.right, 2 * t + 2, v);
}

}  // namespace

TreeModel grow_depth_limited_cart(const Spec& spec, const Dataset& train) {
    const std::span<const ParamSpec> specs = cart_hyperparameter_table();
    ParamValues params(specs);
    params.set(specs, "max_depth", std::to_string(spec.depth));
    return grow_cart(train, params, 0);
}

Eigen::VectorXd cart_parameters(const Spec& spec, const TreeModel& cart, const UnitScaling& scaling) {
    Eigen::VectorXd parameters = Eigen::VectorXd::Zero(spec.parameters());
    MutableParameterView v = mutable_view(spec, parameters);
    place(spec, cart, scaling, 0, 0, v);
    return parameters;
}

}  // namespace treelab::get
