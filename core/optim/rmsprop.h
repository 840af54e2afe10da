#pragma once
// RMSprop (Hinton's lecture 6e; centered variant Graves 2013) with momentum and coupled weight
// decay: torch.optim.RMSprop (torch/optim/rmsprop.py, _single_tensor_rmsprop). DGT trains with it
// (003 App. C.3.1; microsoft/DGT src/run.sh and src/xhp.py: lr 1e-2, eps 1e-5, momentum 0 or 0.3).
#include <vector>

#include "core/optim/optimizer.h"

namespace treelab {

class RmsProp final : public Optimizer {
public:
    // Uses alpha, epsilon, momentum, centered. Throws ParamError as torch: alpha, epsilon or
    // momentum negative.
    RmsProp(const OptimizerSettings& settings, std::vector<ParameterGroup> groups);

protected:
    void update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) override;
    // float32: the plain variant only, its state in float32 (allocated at the first float32 step).
    void update(std::size_t group, Eigen::Ref<Eigen::VectorXf> parameters,
                const Eigen::Ref<const Eigen::VectorXf>& gradient, double gradient_scale) override;

private:
    double alpha_, epsilon_, momentum_;
    bool centered_;
    // Per group: square_avg, grad_avg (centered only), momentum_buffer (momentum only), in the
    // precision of the steps taken (allocated at the first step).
    std::vector<Eigen::VectorXd> square_averages_, gradient_averages_, buffers_;
    std::vector<Eigen::VectorXf> square_averages32_, buffers32_;
    Eigen::VectorXd work_, denominator_;  // work buffers: g·scale + wd·θ, avg of the centered variant
};

}  // namespace treelab
