#include "core/learners/dgt/loss_oracle.h"

namespace treelab::dgt {

double LossOracle::zero_one(Eigen::Index row, Eigen::Index action) {
    ++queries_;
    return static_cast<double>(action) == labels_(row) ? 0.0 : 1.0;
}

double LossOracle::squared(Eigen::Index row, double value) {
    ++queries_;
    const double error = value - labels_(row);
    return error * error;
}

}  // namespace treelab::dgt
