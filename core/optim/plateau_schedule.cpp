// ReduceLROnPlateau.step and _reduce_lr of torch/optim/lr_scheduler.py for the settings named in
// plateau_schedule.h.
#include "core/optim/plateau_schedule.h"

namespace treelab {
namespace {

constexpr double kThreshold = 1e-4;  // relative improvement that counts (PyTorch's default)
constexpr double kMinChange = 1e-8;  // PyTorch's eps: smaller rate changes are skipped

}  // namespace

double PlateauSchedule::next_rate(double loss, double rate) {
    if (factor_ == 0.0) return rate;
    if (loss < best_ * (1.0 - kThreshold)) {
        best_ = loss;
        bad_epochs_ = 0;
    } else {
        ++bad_epochs_;
    }
    if (bad_epochs_ <= patience_) return rate;
    bad_epochs_ = 0;
    const double reduced = rate * factor_;
    return rate - reduced > kMinChange ? reduced : rate;
}

}  // namespace treelab
