// make_optimizer and optimizer_kinds (optimizer.h): the one place that maps a kind to its type.
#include <array>

#include "core/optim/adam.h"
#include "core/optim/adamw.h"
#include "core/optim/optimizer.h"
#include "core/optim/qhadam.h"
#include "core/optim/rmsprop.h"
#include "core/optim/setting_checks.h"
#include "core/optim/sgd.h"

namespace treelab {

std::span<const std::string> optimizer_kinds() {
    static const std::array<std::string, 5> kinds{"sgd", "adam", "adamw", "qhadam", "rmsprop"};
    return kinds;
}

std::unique_ptr<Optimizer> make_optimizer(const OptimizerSettings& settings, std::vector<ParameterGroup> groups) {
    if (settings.kind == "sgd") return std::make_unique<Sgd>(settings, std::move(groups));
    if (settings.kind == "adam") return std::make_unique<Adam>(settings, std::move(groups));
    if (settings.kind == "adamw") return std::make_unique<AdamW>(settings, std::move(groups));
    if (settings.kind == "qhadam") return std::make_unique<QhAdam>(settings, std::move(groups));
    if (settings.kind == "rmsprop") return std::make_unique<RmsProp>(settings, std::move(groups));
    std::string known;
    for (const std::string& kind : optimizer_kinds()) known += (known.empty() ? "" : ", ") + kind;
    throw ParamError("optimizer: unknown kind \"" + settings.kind + "\" (known: " + known + ")");
}

}  // namespace treelab
