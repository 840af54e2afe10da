// torch.optim.RMSprop's step (torch/optim/rmsprop.py, _single_tensor_rmsprop of torch 1.13), same
// operation order:
//   g = g + wd·θ;  s = s·α + ((1 − α)·g)·g;
//   centered: a = a·α + (1 − α)·g, avg = √(s − a·a);  else avg = √s;  avg = avg + ε;
//   momentum: buf = buf·momentum + g/avg, θ = θ + (−lr)·buf;  else θ = θ + ((−lr)·g)/avg.
#include "core/optim/rmsprop.h"

#include <cmath>

#include "core/vector_clones.h"

#include "core/optim/setting_checks.h"

namespace treelab {
namespace {

// The plain variant (not centered) in one pass over its buffers, element by element in torch's
// order on the scaled gradient g = scale·gradient (clipping's coefficient, 1 without it): s = s·α +
// ((1 − α)·g)·g, avg = √s + ε, then θ (and the momentum buffer) from avg. Square root and
// division bound it, so it is compiled for the widest vector unit the machine has, chosen when
// the program loads (the build itself targets baseline x86-64); every operation is correctly
// rounded, so each version gives the same bits. DGT's 10⁶ predicate weights per step made the
// separate Eigen passes a quarter of its time.
template <class Scalar>
[[gnu::always_inline]] inline void plain_update_body(Scalar* theta, const Scalar* gradient, Scalar scale, Scalar* s, Scalar* buffer,
                                                     std::size_t n, Scalar alpha, Scalar rate, Scalar epsilon, Scalar momentum) {
    const Scalar keep = Scalar{1} - alpha;
    if (buffer) {
        for (std::size_t i = 0; i < n; ++i) {
            const Scalar g = scale * gradient[i];
            s[i] = s[i] * alpha + (keep * g) * g;
            buffer[i] = buffer[i] * momentum + g / (std::sqrt(s[i]) + epsilon);
            theta[i] += (-rate) * buffer[i];
        }
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            const Scalar g = scale * gradient[i];
            s[i] = s[i] * alpha + (keep * g) * g;
            theta[i] += ((-rate) * g) / (std::sqrt(s[i]) + epsilon);
        }
    }
}

TREELAB_VECTOR_CLONES
void plain_update(double* theta, const double* gradient, double scale, double* s, double* buffer, std::size_t n, double alpha,
                  double rate, double epsilon, double momentum) {
    plain_update_body(theta, gradient, scale, s, buffer, n, alpha, rate, epsilon, momentum);
}

// float32 storage: every operation in float32, as torch on float32 tensors.
TREELAB_VECTOR_CLONES
void plain_update(float* theta, const float* gradient, float scale, float* s, float* buffer, std::size_t n, float alpha, float rate,
                  float epsilon, float momentum) {
    plain_update_body(theta, gradient, scale, s, buffer, n, alpha, rate, epsilon, momentum);
}

}  // namespace

RmsProp::RmsProp(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Optimizer(std::move(groups)),
      alpha_(settings.alpha),
      epsilon_(settings.epsilon),
      momentum_(settings.momentum),
      centered_(settings.centered),
      denominator_(settings.centered ? largest_group() : 0) {
    require_setting(std::isfinite(alpha_) && alpha_ >= 0.0, "rmsprop", "alpha must be zero or positive");
    require_setting(std::isfinite(epsilon_) && epsilon_ >= 0.0, "rmsprop", "epsilon must be zero or positive");
    require_setting(std::isfinite(momentum_) && momentum_ >= 0.0, "rmsprop", "momentum must be zero or positive");
}

void RmsProp::update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient,
                     double gradient_scale) {
    if (square_averages_.empty())
        for (const ParameterGroup& each : groups()) {
            square_averages_.push_back(Eigen::VectorXd::Zero(each.size));
            gradient_averages_.push_back(Eigen::VectorXd::Zero(centered_ ? each.size : 0));
            buffers_.push_back(Eigen::VectorXd::Zero(momentum_ > 0.0 ? each.size : 0));
        }
    Eigen::VectorXd& square_average = square_averages_[group];
    const double rate = groups()[group].learning_rate;
    // The plain variant scales in its own pass; the others read a scaled, decayed copy.
    if (!centered_ && groups()[group].weight_decay == 0.0)
        return plain_update(parameters.data(), gradient.data(), gradient_scale, square_average.data(),
                            momentum_ > 0.0 ? buffers_[group].data() : nullptr, static_cast<std::size_t>(gradient.size()), alpha_,
                            rate, epsilon_, momentum_);
    if (work_.size() < gradient.size()) work_.resize(largest_group());  // allocated once, on first need
    Eigen::Ref<Eigen::VectorXd> g = work_.head(gradient.size());
    scaled_decayed_gradient(group, parameters, gradient, gradient_scale, g);
    if (!centered_)
        return plain_update(parameters.data(), g.data(), 1.0, square_average.data(), momentum_ > 0.0 ? buffers_[group].data() : nullptr,
                            static_cast<std::size_t>(g.size()), alpha_, rate, epsilon_, momentum_);
    square_average.array() = square_average.array() * alpha_ + (1.0 - alpha_) * g.array() * g.array();
    Eigen::VectorXd& gradient_average = gradient_averages_[group];
    gradient_average.array() = gradient_average.array() * alpha_ + (1.0 - alpha_) * g.array();
    Eigen::Ref<Eigen::VectorXd> average = denominator_.head(g.size());
    average.array() = (square_average.array() - gradient_average.array() * gradient_average.array()).sqrt() + epsilon_;
    if (momentum_ > 0.0) {
        Eigen::VectorXd& buffer = buffers_[group];
        buffer.array() = buffer.array() * momentum_ + g.array() / average.array();
        parameters += (-rate) * buffer;
    } else {
        parameters.array() += ((-rate) * g.array()) / average.array();
    }
}

void RmsProp::update(std::size_t group, Eigen::Ref<Eigen::VectorXf> parameters, const Eigen::Ref<const Eigen::VectorXf>& gradient,
                     double gradient_scale) {
    if (centered_ || groups()[group].weight_decay != 0.0) return Optimizer::update(group, parameters, gradient, gradient_scale);  // refuses
    if (square_averages32_.empty())
        for (const ParameterGroup& each : groups()) {
            square_averages32_.push_back(Eigen::VectorXf::Zero(each.size));
            buffers32_.push_back(Eigen::VectorXf::Zero(momentum_ > 0.0 ? each.size : 0));
        }
    plain_update(parameters.data(), gradient.data(), static_cast<float>(gradient_scale), square_averages32_[group].data(),
                 momentum_ > 0.0 ? buffers32_[group].data() : nullptr, static_cast<std::size_t>(gradient.size()), static_cast<float>(alpha_),
                 static_cast<float>(groups()[group].learning_rate), static_cast<float>(epsilon_), static_cast<float>(momentum_));
}

}  // namespace treelab
