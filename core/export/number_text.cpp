#include "core/export/number_text.h"

#include <cstdio>

namespace treelab {

std::string significant_text(double value, int digits) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    return buffer;
}

std::string fixed_text(double value, int decimals) {
    char buffer[352];  // "%.*f" of the largest double with a few decimals still fits
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

}  // namespace treelab
