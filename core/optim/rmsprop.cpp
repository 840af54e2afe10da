// torch.optim.RMSprop's step (torch/optim/rmsprop.py, _single_tensor_rmsprop of torch 1.13), same
// operation order:
//   g = g + wd·θ;  s = s·α + ((1 − α)·g)·g;
//   centered: a = a·α + (1 − α)·g, avg = √(s − a·a);  else avg = √s;  avg = avg + ε;
//   momentum: buf = buf·momentum + g/avg, θ = θ + (−lr)·buf;  else θ = θ + ((−lr)·g)/avg.
#include "core/optim/rmsprop.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/vector_clones.h"

#include "core/optim/setting_checks.h"

namespace treelab {
namespace {

bool any_weight_decay(std::span<const ParameterGroup> groups) {
    return std::any_of(groups.begin(), groups.end(), [](const ParameterGroup& group) { return group.weight_decay != 0.0; });
}

// The plain variant (not centered) in one pass over its buffers, element by element in torch's
// order: s = s·α + ((1 − α)·g)·g, avg = √s + ε, then θ (and the momentum buffer) from avg. Square
// root and division bound it, so it is compiled for the widest vector unit the machine has,
// chosen when the program loads (the build itself targets baseline x86-64); every operation is
// correctly rounded, so each version gives the same bits. DGT's 10⁶ predicate weights per step
// made the separate Eigen passes a quarter of its time.
TREELAB_VECTOR_CLONES
void plain_update(double* theta, const double* g, double* s, double* buffer, std::size_t n, double alpha, double rate,
                  double epsilon, double momentum) {
    const double keep = 1.0 - alpha;
    if (buffer) {
        for (std::size_t i = 0; i < n; ++i) {
            s[i] = s[i] * alpha + (keep * g[i]) * g[i];
            buffer[i] = buffer[i] * momentum + g[i] / (std::sqrt(s[i]) + epsilon);
            theta[i] += (-rate) * buffer[i];
        }
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            s[i] = s[i] * alpha + (keep * g[i]) * g[i];
            theta[i] += ((-rate) * g[i]) / (std::sqrt(s[i]) + epsilon);
        }
    }
}

}  // namespace

RmsProp::RmsProp(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Optimizer(std::move(groups)),
      alpha_(settings.alpha),
      epsilon_(settings.epsilon),
      momentum_(settings.momentum),
      centered_(settings.centered),
      decayed_(any_weight_decay(this->groups()) ? largest_group() : 0),
      denominator_(settings.centered ? largest_group() : 0) {
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

void RmsProp::apply(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient) {
    Eigen::VectorXd& square_average = square_averages_[group];
    if (!centered_)
        return plain_update(parameters.data(), gradient.data(), square_average.data(), momentum_ > 0.0 ? buffers_[group].data() : nullptr,
                            static_cast<std::size_t>(gradient.size()), alpha_, groups()[group].learning_rate, epsilon_, momentum_);
    square_average.array() = square_average.array() * alpha_ + (1.0 - alpha_) * gradient.array() * gradient.array();
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
