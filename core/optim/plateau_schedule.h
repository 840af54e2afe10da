#pragma once
// The learning-rate schedule LatentTrees uses (paper App. A.3: "reducing this parameter of a factor
// of 10 every 2 epochs where the validation loss has not improved"): PyTorch's
// ReduceLROnPlateau(mode='min', threshold=1e-4, threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8).
#include <limits>

namespace treelab {

class PlateauSchedule {
public:
    // factor 0 switches the schedule off; otherwise factor lies in (0, 1).
    PlateauSchedule(double factor, int patience) : factor_(factor), patience_(patience) {}

    // Called once per epoch with the monitored loss; returns the learning rate for the next epoch.
    // A loss counts as better than the best so far only below best · (1 − 1e-4); after more than
    // `patience` epochs that are not better, the rate is multiplied by the factor.
    double next_rate(double loss, double rate);

private:
    double factor_;
    int patience_;
    double best_ = std::numeric_limits<double>::infinity();
    int bad_epochs_ = 0;
};

}  // namespace treelab
