#include "core/training/epoch_outputs.h"

namespace treelab {

EpochOutputs& EpochOutputs::update(const Eigen::VectorXd& parameters) {
    if (evaluated_ && parameters.size() == parameters_.size() && parameters == parameters_) return *this;
    parameters_ = parameters;
    evaluate_(parameters, train_, valid_);
    evaluated_ = true;
    return *this;
}

}  // namespace treelab
