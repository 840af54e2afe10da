#pragma once
// Where a split on a scaled feature changes routing, in the feature's own units. A model routes a
// row left iff T(x) ≤ t (core/model/tree_model.h), with T the feature's scaling (and the model's
// rounding to float32, if any): a non-decreasing function of x. Then the rows going left are
// exactly those with x ≤ r, for r the largest double with T(r) ≤ t, so "x ≤ r goes left, ties
// included" is the same split in the data's units; r is found exactly, not approximately.
#include <functional>
#include <limits>

namespace treelab {

struct RawThreshold {
    enum class Routes {
        Split,          // x ≤ value goes left, x > value goes right
        EveryRowLeft,   // t is at or above T(x) of every x: no value goes right
        EveryRowRight,  // t is below T(x) of every x: no value goes left
    };
    Routes routes = Routes::Split;
    double value = std::numeric_limits<double>::quiet_NaN();  // with Split only
};

// For a non-decreasing `scaled` (T), the largest finite double r with T(r) ≤ t. The doubles are
// searched in the order of their bit patterns (ordered as integers, −max … −0, +0 … max), first
// galloping out from `guess` (where T is thought to reach t; any finite value is correct, a close
// one is fast), then bisecting: at most about 2 × 64 evaluations of T. Flat stretches of T (many
// x giving one T(x)) end at their last x; a NaN T(x) counts as above t. Throws Error for a NaN t.
RawThreshold raw_threshold(const std::function<double(double)>& scaled, double t, double guess);

}  // namespace treelab
