// The warm-up + cosine rates of warmup_cosine_schedule.h in closed form (torch's LinearLR and
// CosineAnnealingLR _get_closed_form_lr, torch/optim/lr_scheduler.py).
#include "core/optim/warmup_cosine_schedule.h"

#include <cmath>
#include <numbers>

#include "core/optim/setting_checks.h"

namespace treelab {
namespace {

constexpr std::string_view kOwner = "warmup_cosine schedule";

}  // namespace

WarmupCosineSchedule::WarmupCosineSchedule(const ScheduleSettings& settings)
    : min_rate_(settings.min_rate),
      warmup_(settings.warmup_steps),
      total_(settings.total_steps),
      step_every_(settings.step_every) {
    require_setting(warmup_ >= 0 && total_ > warmup_, kOwner, "needs 0 <= warmup_steps < total_steps");
    require_setting(std::isfinite(min_rate_) && min_rate_ >= 0.0, kOwner, "min_rate must be zero or positive");
    require_setting(step_every_ >= 1, kOwner, "step_every must be at least 1");
}

void WarmupCosineSchedule::start(Optimizer& optimizer) {
    LearningRateSchedule::start(optimizer);
    for (std::size_t k = 0; k < optimizer.groups().size(); ++k)
        require_setting(min_rate_ <= base_rate(optimizer, k), kOwner,
                        "min_rate exceeds the learning rate of parameter group \"" + optimizer.groups()[k].name + "\"");
    steps_ = updates_ = 0;
    set_rates(optimizer);
}

void WarmupCosineSchedule::after_step(Optimizer& optimizer) {
    if (steps_++ % step_every_ != 0) return;  // updates after optimizer steps 1, k + 1, 2k + 1, …
    ++updates_;
    set_rates(optimizer);
}

void WarmupCosineSchedule::set_rates(Optimizer& optimizer) const {
    for (std::size_t k = 0; k < optimizer.groups().size(); ++k) {
        const double span = base_rate(optimizer, k) - min_rate_;
        double rate = min_rate_;
        if (updates_ < warmup_) {
            rate = min_rate_ + span * static_cast<double>(updates_) / static_cast<double>(warmup_);
        } else if (updates_ < total_) {
            const double phase = std::numbers::pi * static_cast<double>(updates_ - warmup_) / static_cast<double>(total_ - warmup_);
            rate = min_rate_ + span * (1.0 + std::cos(phase)) / 2.0;
        }
        optimizer.set_learning_rate(k, rate);
    }
}

}  // namespace treelab
