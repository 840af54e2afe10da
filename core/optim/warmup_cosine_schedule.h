#pragma once
// Linear warm-up then one cosine decay, as GET trains (004 App. D;
// maoqiangqiang/GET GET/modifiedScheduler.py): after u schedule updates each group's rate is
//   u <= W:      min + (base − min)·u/W                            (W = warmup_steps)
//   W <= u <= T: min + (base − min)·(1 + cos(π(u − W)/(T − W)))/2   (T = total_steps)
//   u >= T:      min
// torch's closest construction is SequentialLR([LinearLR(start_factor = min/base, total_iters = W),
// CosineAnnealingLR(T_max = T − W, eta_min = min)], milestones = [W]), which this equals up to
// rounding (torch steps both parts recursively) with three differences, all torch quirks:
// LinearLR's start_factor is shared by all groups (here each group starts at min), LinearLR cannot
// start from 0 (its recursive form divides by zero), and past T torch's cosine rises again (here
// the rate stays at min).
#include "core/optim/learning_rate_schedule.h"

namespace treelab {

class WarmupCosineSchedule final : public LearningRateSchedule {
public:
    // Throws ParamError unless 0 <= warmup_steps < total_steps, min_rate >= 0 and step_every >= 1.
    explicit WarmupCosineSchedule(const ScheduleSettings& settings);

    void start(Optimizer& optimizer) override;  // throws ParamError when min_rate exceeds a group's rate
    void after_step(Optimizer& optimizer) override;

private:
    void set_rates(Optimizer& optimizer) const;

    double min_rate_;
    long long warmup_, total_;
    int step_every_;
    long long steps_ = 0, updates_ = 0;
};

}  // namespace treelab
