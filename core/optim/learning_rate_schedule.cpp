// The constant schedule, the base-rate bookkeeping, and make_schedule (learning_rate_schedule.h).
#include "core/optim/learning_rate_schedule.h"

#include <array>

#include "core/optim/cosine_restarts_schedule.h"
#include "core/optim/plateau_schedule.h"
#include "core/optim/setting_checks.h"
#include "core/optim/warmup_cosine_schedule.h"

namespace treelab {

std::span<const std::string> schedule_kinds() {
    static const std::array<std::string, 4> kinds{"constant", "plateau", "warmup_cosine", "cosine_restarts"};
    return kinds;
}

LearningRateSchedule::~LearningRateSchedule() = default;

void LearningRateSchedule::start(Optimizer& optimizer) {
    base_rates_.clear();
    for (std::size_t k = 0; k < optimizer.groups().size(); ++k) base_rates_.push_back(optimizer.learning_rate(k));
}

void LearningRateSchedule::after_step(Optimizer&) {}

void LearningRateSchedule::after_epoch(Optimizer&, double) {}

double LearningRateSchedule::base_rate(const Optimizer& optimizer, std::size_t group) const {
    require_setting(base_rates_.size() == optimizer.groups().size() && group < base_rates_.size(),
                    "learning-rate schedule", "start() must be called with this optimizer first");
    return base_rates_[group];
}

std::unique_ptr<LearningRateSchedule> make_schedule(const ScheduleSettings& settings) {
    if (settings.kind == "constant") return std::make_unique<LearningRateSchedule>();
    if (settings.kind == "plateau") return std::make_unique<PlateauSchedule>(settings);
    if (settings.kind == "warmup_cosine") return std::make_unique<WarmupCosineSchedule>(settings);
    if (settings.kind == "cosine_restarts") return std::make_unique<CosineRestartsSchedule>(settings);
    std::string known;
    for (const std::string& kind : schedule_kinds()) known += (known.empty() ? "" : ", ") + kind;
    throw ParamError("learning-rate schedule: unknown kind \"" + settings.kind + "\" (known: " + known + ")");
}

}  // namespace treelab
