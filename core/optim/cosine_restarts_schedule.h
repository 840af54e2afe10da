#pragma once
// Cosine annealing with warm restarts (Loshchilov & Hutter 2017, SGDR): torch's
// CosineAnnealingWarmRestarts(T_0 = first_period, T_mult = period_multiplier, eta_min = min_rate),
// stepped once every step_every optimizer steps, after optimizer steps 1, k + 1, 2k + 1, … as DGT's
// loop does (003 App. C.3.1; microsoft/DGT src/models/xdgt.py steps it when
// (epoch·steps_per_epoch + batch) % 10 == 0, batch counted from 0).
#include "core/optim/learning_rate_schedule.h"

namespace treelab {

class CosineRestartsSchedule final : public LearningRateSchedule {
public:
    // Throws ParamError unless first_period >= 1, period_multiplier >= 1, min_rate >= 0 and step_every >= 1.
    explicit CosineRestartsSchedule(const ScheduleSettings& settings);

    void start(Optimizer& optimizer) override;  // throws ParamError when min_rate exceeds a group's rate
    void after_step(Optimizer& optimizer) override;

private:
    void set_rates(Optimizer& optimizer) const;

    double min_rate_;
    long long first_period_;
    int multiplier_, step_every_;
    long long steps_ = 0, since_restart_ = 0, period_ = 0;  // torch's T_cur and T_i
};

}  // namespace treelab
