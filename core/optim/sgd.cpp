// torch.optim.SGD's step (torch/optim/sgd.py, _single_tensor_sgd), same operation order:
//   d_p = g + wd·θ;  buf = d_p on the first step, else momentum·buf + (1 − dampening)·d_p;
//   d_p = d_p + momentum·buf (Nesterov) or buf;  θ = θ + (−lr)·d_p.
#include "core/optim/sgd.h"

#include <cmath>

#include "core/optim/setting_checks.h"

namespace treelab {

Sgd::Sgd(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Optimizer(std::move(groups)),
      momentum_(settings.momentum),
      dampening_(settings.dampening),
      nesterov_(settings.nesterov),
      buffers_(this->groups().size()),
      direction_(largest_group()) {
    require_setting(std::isfinite(momentum_) && momentum_ >= 0.0, "sgd", "momentum must be zero or positive");
    require_setting(std::isfinite(dampening_), "sgd", "dampening must be finite");
    require_setting(!nesterov_ || (momentum_ > 0.0 && dampening_ == 0.0), "sgd",
                    "Nesterov momentum needs a positive momentum and zero dampening");
}

void Sgd::update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                 const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) {
    const ParameterGroup& settings = groups()[group];
    Eigen::Ref<Eigen::VectorXd> d_p = direction_.head(gradient.size());
    scaled_decayed_gradient(group, parameters, gradient, gradient_scale, d_p);
    if (momentum_ != 0.0) {
        Eigen::VectorXd& buffer = buffers_[group];
        if (buffer.size() == 0)
            buffer = d_p;  // torch: buf = clone(d_p) on the first step
        else
            buffer = momentum_ * buffer + (1.0 - dampening_) * d_p;
        if (nesterov_)
            d_p += momentum_ * buffer;
        else
            d_p = buffer;
    }
    parameters += (-settings.learning_rate) * d_p;
}

}  // namespace treelab
