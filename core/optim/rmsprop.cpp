// torch.optim.RMSprop's step (torch/optim/rmsprop.py, _single_tensor_rmsprop of torch 1.13), same
// operation order:
//   g = g + wd·θ;  s = s·α + ((1 − α)·g)·g;
//   centered: a = a·α + (1 − α)·g, avg = √(s − a·a);  else avg = √s;  avg = avg + ε;
//   momentum: buf = buf·momentum + g/avg, θ = θ + (−lr)·buf;  else θ = θ + ((−lr)·g)/avg.
#include "core/optim/rmsprop.h"

#include <cmath>

#include "core/optim/setting_checks.h"

namespace treelab {

RmsProp::RmsProp(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Optimizer(std::move(groups)),
      alpha_(settings.alpha),
      epsilon_(settings.epsilon),
      momentum_(settings.momentum),
      centered_(settings.centered),
      decayed_(largest_group()),
      denominator_(largest_group()) {
    require_setting(std::isfinite(alpha_) && alpha_ >= 0.0, "rmsprop", "alpha must be zero or positive");
    require_setting(std::isfinite(epsilon_) && epsilon_ >= 0.0, "rmsprop", "epsilon must be zero or positive");
    require_setting(std::isfinite(momentum_) && momentum_ >= 0.0, "rmsprop", "momentum must be zero or positive");
    for (const ParameterGroup& group : this->groups()) {
        square_averages_.push_back(Eigen::VectorXd::Zero(group.size));
        gradient_averages_.push_back(Eigen::VectorXd::Zero(centered_ ? group.size : 0));
        buffers_.push_back(Eigen::VectorXd::Zero(momentum_ > 0.0 ? group.size : 0));
    }
}

void RmsProp::update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                     const Eigen::Ref<const Eigen::VectorXd>& raw_gradient) {
    const double weight_decay = groups()[group].weight_decay;
    if (weight_decay == 0.0) return apply(group, parameters, raw_gradient);
    Eigen::Ref<Eigen::VectorXd> gradient = decayed_.head(raw_gradient.size());
    gradient = raw_gradient + weight_decay * parameters;
    apply(group, parameters, gradient);
}

// One pass per buffer: avg = √s + ε is formed inside the update's expression, element by element in
// torch's order, unless the centered variant needs it as a buffer. (DGT's 10⁶ predicate parameters
// made the separate passes a fifth of a step.)
void RmsProp::apply(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient) {
    Eigen::VectorXd& square_average = square_averages_[group];
    square_average.array() = square_average.array() * alpha_ + (1.0 - alpha_) * gradient.array() * gradient.array();
    if (!centered_) return step(group, parameters, gradient, square_average.array().sqrt() + epsilon_);
    Eigen::VectorXd& gradient_average = gradient_averages_[group];
    gradient_average.array() = gradient_average.array() * alpha_ + (1.0 - alpha_) * gradient.array();
    Eigen::Ref<Eigen::VectorXd> average = denominator_.head(gradient.size());
    average.array() = (square_average.array() - gradient_average.array() * gradient_average.array()).sqrt() + epsilon_;
    step(group, parameters, gradient, average.array());
}

template <class Average>
void RmsProp::step(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient,
                   const Average& average) {
    const double rate = groups()[group].learning_rate;
    if (momentum_ > 0.0) {
        Eigen::VectorXd& buffer = buffers_[group];
        buffer.array() = buffer.array() * momentum_ + gradient.array() / average;
        parameters += (-rate) * buffer;
    } else {
        parameters.array() += ((-rate) * gradient.array()) / average;
    }
}

}  // namespace treelab
