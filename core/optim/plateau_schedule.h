#pragma once
// Reduce on plateau, stepped once per epoch with the monitored loss: torch's
// ReduceLROnPlateau(mode='min', threshold_mode='rel', cooldown=0, eps=1e-8) with factor, patience,
// threshold and min_lr = min_rate for every group. LatentTrees uses it (paper App. A.3: "reducing this
// parameter of a factor of 10 every 2 epochs where the validation loss has not improved").
#include <limits>

#include "core/optim/learning_rate_schedule.h"

namespace treelab {

class PlateauSchedule final : public LearningRateSchedule {
public:
    // Throws ParamError unless 0 < factor < 1, patience >= 0, threshold >= 0 and min_rate >= 0.
    explicit PlateauSchedule(const ScheduleSettings& settings);

    void start(Optimizer& optimizer) override;  // forgets the best loss; the rates stay
    // A loss counts as better than the best so far only below best·(1 − threshold) (a NaN never
    // does); after more than `patience` epochs that are not better, every group's rate becomes
    // max(rate·factor, min_rate), unless that changes it by 1e-8 or less.
    void after_epoch(Optimizer& optimizer, double monitored_loss) override;

private:
    double factor_, threshold_, min_rate_;
    int patience_;
    double best_ = std::numeric_limits<double>::infinity();
    int bad_epochs_ = 0;
};

}  // namespace treelab
