#pragma once
// Internal to the ONNX writer: a double threshold as a float32 one that splits float32 inputs
// exactly as it does. For every float32 x, x <= t (compared in double) iff x <= t32, where t32 is
// the largest float32 not above t: t rounded to float32, and one float32 step down when rounding
// went up. ±inf stay ±inf; a finite t beyond float32's range becomes ±FLT_MAX or −inf accordingly.
#include <cmath>
#include <limits>

#include "core/model/tree_model.h"

namespace treelab::onnx_export {

inline float largest_float32_at_most(double t) {
    auto rounded = static_cast<float>(round_to_float32(t));
    if (static_cast<double>(rounded) > t) rounded = std::nextafter(rounded, -std::numeric_limits<float>::infinity());
    return rounded;
}

}  // namespace treelab::onnx_export
