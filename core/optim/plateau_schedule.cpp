// ReduceLROnPlateau.step, is_better and _reduce_lr of torch/optim/lr_scheduler.py (torch 1.13) for
// the settings named in plateau_schedule.h.
#include "core/optim/plateau_schedule.h"

#include <algorithm>
#include <cmath>

#include "core/optim/setting_checks.h"

namespace treelab {
namespace {

constexpr double kMinChange = 1e-8;  // torch's eps: smaller rate changes are skipped

}  // namespace

PlateauSchedule::PlateauSchedule(const ScheduleSettings& settings)
    : factor_(settings.factor), threshold_(settings.threshold), min_rate_(settings.min_rate), patience_(settings.patience) {
    require_setting(factor_ > 0.0 && factor_ < 1.0, "plateau schedule", "factor must lie in (0, 1)");
    require_setting(patience_ >= 0, "plateau schedule", "patience must be zero or positive");
    require_setting(std::isfinite(threshold_) && threshold_ >= 0.0, "plateau schedule",
                    "threshold must be zero or positive");
    require_setting(std::isfinite(min_rate_) && min_rate_ >= 0.0, "plateau schedule", "min_rate must be zero or positive");
}

void PlateauSchedule::start(Optimizer& optimizer) {
    LearningRateSchedule::start(optimizer);
    best_ = std::numeric_limits<double>::infinity();
    bad_epochs_ = 0;
}

void PlateauSchedule::after_epoch(Optimizer& optimizer, double monitored_loss) {
    if (monitored_loss < best_ * (1.0 - threshold_)) {
        best_ = monitored_loss;
        bad_epochs_ = 0;
    } else {
        ++bad_epochs_;
    }
    if (bad_epochs_ <= patience_) return;
    bad_epochs_ = 0;
    for (std::size_t k = 0; k < optimizer.groups().size(); ++k) {
        const double rate = optimizer.learning_rate(k);
        const double reduced = std::max(rate * factor_, min_rate_);
        if (rate - reduced > kMinChange) optimizer.set_learning_rate(k, reduced);
    }
}

}  // namespace treelab
