#pragma once
// The one way core/optim refuses a setting: a ParamError naming what it belongs to.
#include <string>
#include <string_view>

#include "core/error.h"

namespace treelab {

inline void require_setting(bool ok, std::string_view owner, const std::string& what) {
    if (!ok) throw ParamError(std::string(owner) + ": " + what);
}

}  // namespace treelab
