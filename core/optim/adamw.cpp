// torch.optim.AdamW's step (torch/optim/adamw.py, _single_tensor_adamw of torch 1.13):
// param.mul_(1 − lr·wd), then Adam's moments and step from the undecayed gradient.
#include "core/optim/adamw.h"

namespace treelab {

AdamW::AdamW(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Adam(settings, std::move(groups)) {}

void AdamW::update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                   const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) {
    const ParameterGroup& settings = groups()[group];
    parameters *= 1.0 - settings.learning_rate * settings.weight_decay;
    if (gradient_scale == 1.0) return adam_step(group, parameters, gradient);
    // The weight decay is decoupled, so only the scale reaches the gradient.
    Eigen::Ref<Eigen::VectorXd> scaled = work_buffer(gradient.size());
    scaled = gradient_scale * gradient;
    adam_step(group, parameters, scaled);
}

}  // namespace treelab
