#pragma once
// Internal to the ONNX writer: double thresholds as float32 ones for float32 inputs.
//   A model that rounds its input to float32 before comparing (CART: f(x) <= t): the largest
//   float32 not above t, so that for every float32 y, y <= t iff y <= t32, bit for bit.
//   A model that compares the double x itself (x <= r): a float32 input y stands for many
//   doubles, some perhaps on either side of r. It is read as the one a CSV file would hold: the
//   shortest decimal d(y) that rounds to y (std::to_chars' text), which is the CSV's own value
//   whenever that value has at most 6 significant digits (FLT_DIG). d is non-decreasing in y, so
//   y goes left iff d(y) <= r iff y <= t32 for t32 = f(r) when d(f(r)) <= r, else the float32
//   just below f(r) (every value of its range is below r).
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "core/model/tree_model.h"

namespace treelab::onnx_export {

inline float largest_float32_at_most(double t) {
    auto rounded = static_cast<float>(round_to_float32(t));
    if (static_cast<double>(rounded) > t) rounded = std::nextafter(rounded, -std::numeric_limits<float>::infinity());
    return rounded;
}

// d(y): the shortest decimal that reads back as y, as a double.
inline double shortest_decimal(float y) {
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text - 1, y).ptr;
    *end = '\0';
    return std::strtod(text, nullptr);
}

inline float float32_threshold_of_decimals(double r) {
    const auto nearest = static_cast<float>(round_to_float32(r));
    if (!std::isfinite(nearest) || shortest_decimal(nearest) <= r) return nearest;
    return std::nextafter(nearest, -std::numeric_limits<float>::infinity());
}

}  // namespace treelab::onnx_export
