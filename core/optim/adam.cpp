// torch.optim.Adam's step (torch/optim/adam.py, _single_tensor_adam of torch 1.13, amsgrad off), same
// operation order:
//   g = g + wd·θ;  m = m·β1 + (1 − β1)·g;  v = v·β2 + ((1 − β2)·g)·g;
//   step_size = lr/(1 − β1^t);  denom = √v/√(1 − β2^t) + ε;  θ = θ + ((−step_size)·m)/denom.
// EpsilonPlacement::TensorFlow replaces the last line by the legacy Keras/TF update (GradTree):
//   lr_t = lr·√(1 − β2^t)/(1 − β1^t);  θ = θ − (lr_t·m)/(√v + ε).
// TF's kernel (training_ops ApplyAdam) writes the moments as m += (g − m)(1 − β1), equal up to rounding.
#include "core/optim/adam.h"

#include <cmath>

#include "core/optim/setting_checks.h"

namespace treelab {

Adam::Adam(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Optimizer(std::move(groups)),
      beta1_(settings.beta1),
      beta2_(settings.beta2),
      epsilon_(settings.epsilon),
      placement_(settings.epsilon_placement),
      decayed_(largest_group()) {
    require_setting(beta1_ >= 0.0 && beta1_ < 1.0 && beta2_ >= 0.0 && beta2_ < 1.0, settings.kind,
                    "beta1 and beta2 must lie in [0, 1)");
    require_setting(std::isfinite(epsilon_) && epsilon_ >= 0.0, settings.kind, "epsilon must be zero or positive");
    for (const ParameterGroup& group : this->groups()) {
        first_moments_.push_back(Eigen::VectorXd::Zero(group.size));
        second_moments_.push_back(Eigen::VectorXd::Zero(group.size));
    }
}

void Adam::update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                  const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) {
    if (reads_raw_gradient(group, gradient_scale)) return adam_step(group, parameters, gradient);
    Eigen::Ref<Eigen::VectorXd> decayed = work_buffer(gradient.size());
    scaled_decayed_gradient(group, parameters, gradient, gradient_scale, decayed);
    adam_step(group, parameters, decayed);
}

void Adam::adam_step(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                     const Eigen::Ref<const Eigen::VectorXd>& gradient) {
    Eigen::VectorXd& m = first_moments_[group];
    Eigen::VectorXd& v = second_moments_[group];
    m.array() = m.array() * beta1_ + (1.0 - beta1_) * gradient.array();
    v.array() = v.array() * beta2_ + (1.0 - beta2_) * gradient.array() * gradient.array();
    const double t = static_cast<double>(steps());  // torch: state['step'].item(), a float
    const double learning_rate = groups()[group].learning_rate;
    const double bias_correction1 = 1.0 - std::pow(beta1_, t);
    const double bias_correction2 = 1.0 - std::pow(beta2_, t);
    if (placement_ == EpsilonPlacement::PyTorch) {
        const double step_size = learning_rate / bias_correction1;
        const double bias_correction2_sqrt = std::sqrt(bias_correction2);
        parameters.array() += ((-step_size) * m.array()) / (v.array().sqrt() / bias_correction2_sqrt + epsilon_);
    } else {
        const double step_size = learning_rate * std::sqrt(bias_correction2) / bias_correction1;
        parameters.array() -= (step_size * m.array()) / (v.array().sqrt() + epsilon_);
    }
}

}  // namespace treelab
