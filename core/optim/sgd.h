#pragma once
// Stochastic gradient descent with momentum, dampening, Nesterov momentum and coupled weight decay:
// torch.optim.SGD (torch/optim/sgd.py, _single_tensor_sgd; Sutskever et al. 2013 for Nesterov).
#include <vector>

#include "core/optim/optimizer.h"

namespace treelab {

class Sgd final : public Optimizer {
public:
    // Uses momentum, dampening, nesterov. Throws ParamError as torch: momentum < 0, or Nesterov
    // without momentum or with dampening.
    Sgd(const OptimizerSettings& settings, std::vector<ParameterGroup> groups);

protected:
    void update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) override;

private:
    double momentum_, dampening_;
    bool nesterov_;
    std::vector<Eigen::VectorXd> buffers_;  // momentum buffer per group
    Eigen::VectorXd direction_;             // work buffer: d_p
};

}  // namespace treelab
