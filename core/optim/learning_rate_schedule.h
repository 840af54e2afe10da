#pragma once
// Learning-rate schedules over an optimizer's parameter groups, equal to torch.optim.lr_scheduler
// (torch 1.13): constant (this base class), plateau (plateau_schedule.h), warmup_cosine
// (warmup_cosine_schedule.h), cosine_restarts (cosine_restarts_schedule.h).
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/optim/optimizer.h"

namespace treelab {

struct ScheduleSettings {
    std::string kind = "constant";   // "constant" | "plateau" | "warmup_cosine" | "cosine_restarts"
    // plateau = torch ReduceLROnPlateau(mode='min', threshold_mode='rel', cooldown=0, eps=1e-8), stepped per epoch
    double factor = 0.1; int patience = 10; double threshold = 1e-4;
    double min_rate = 0.0;           // plateau: min_lr; warmup_cosine and cosine_restarts: eta_min
    // warmup_cosine, in schedule updates (= optimizer steps when step_every is 1)
    long long warmup_steps = 0, total_steps = 0;
    long long first_period = 1; int period_multiplier = 1;  // cosine_restarts: T_0 and T_mult, in schedule updates
    // cosine_restarts/warmup_cosine: one schedule update every k optimizer steps (DGT: 10), after
    // optimizer steps 1, k + 1, 2k + 1, … as DGT's loop steps its scheduler
    int step_every = 1;
};

std::span<const std::string> schedule_kinds();

// The base class is the constant schedule: it records the base rates and changes nothing.
class LearningRateSchedule {
public:
    virtual ~LearningRateSchedule();
    virtual void start(Optimizer& optimizer);    // records each group's rate as its base rate and sets the rates of the first step
    virtual void after_step(Optimizer& optimizer);                          // after every optimizer step
    virtual void after_epoch(Optimizer& optimizer, double monitored_loss);  // each epoch's monitored loss

protected:
    // The rate group `group` had at start(); throws ParamError when start() was not called for an
    // optimizer with this many groups.
    double base_rate(const Optimizer& optimizer, std::size_t group) const;

private:
    std::vector<double> base_rates_;
};

std::unique_ptr<LearningRateSchedule> make_schedule(const ScheduleSettings&);  // throws ParamError

}  // namespace treelab
