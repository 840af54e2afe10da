// CosineAnnealingWarmRestarts.step (epoch=None) and get_lr of torch/optim/lr_scheduler.py (torch 1.13),
// same operation order: eta_min + (base_lr − eta_min)·(1 + cos(π·T_cur/T_i))/2.
#include "core/optim/cosine_restarts_schedule.h"

#include <cmath>
#include <numbers>

#include "core/optim/setting_checks.h"

namespace treelab {
namespace {

constexpr std::string_view kOwner = "cosine_restarts schedule";

}  // namespace

CosineRestartsSchedule::CosineRestartsSchedule(const ScheduleSettings& settings)
    : min_rate_(settings.min_rate),
      first_period_(settings.first_period),
      multiplier_(settings.period_multiplier),
      step_every_(settings.step_every) {
    require_setting(first_period_ >= 1, kOwner, "first_period must be at least 1");
    require_setting(multiplier_ >= 1, kOwner, "period_multiplier must be at least 1");
    require_setting(std::isfinite(min_rate_) && min_rate_ >= 0.0, kOwner, "min_rate must be zero or positive");
    require_setting(step_every_ >= 1, kOwner, "step_every must be at least 1");
}

void CosineRestartsSchedule::start(Optimizer& optimizer) {
    LearningRateSchedule::start(optimizer);
    for (std::size_t k = 0; k < optimizer.groups().size(); ++k)
        require_setting(min_rate_ <= base_rate(optimizer, k), kOwner,
                        "min_rate exceeds the learning rate of parameter group \"" + optimizer.groups()[k].name + "\"");
    steps_ = since_restart_ = 0;
    period_ = first_period_;
    set_rates(optimizer);
}

void CosineRestartsSchedule::after_step(Optimizer& optimizer) {
    if (steps_++ % step_every_ != 0) return;
    if (++since_restart_ >= period_) {
        since_restart_ -= period_;
        period_ *= multiplier_;
    }
    set_rates(optimizer);
}

void CosineRestartsSchedule::set_rates(Optimizer& optimizer) const {
    const double phase = std::numbers::pi * static_cast<double>(since_restart_) / static_cast<double>(period_);
    for (std::size_t k = 0; k < optimizer.groups().size(); ++k)
        optimizer.set_learning_rate(k, min_rate_ + (base_rate(optimizer, k) - min_rate_) * (1.0 + std::cos(phase)) / 2.0);
}

}  // namespace treelab
