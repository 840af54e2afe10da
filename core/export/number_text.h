#pragma once
// Numbers as the exported texts print them (rules, path rules, figure titles), in one place.
#include <string>

namespace treelab {

std::string significant_text(double value, int digits);  // printf "%.*g": 0.385, 1e-05
std::string fixed_text(double value, int decimals);      // printf "%.*f": 0.3918

}  // namespace treelab
