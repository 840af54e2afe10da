// qhoptim's QHAdam.step (facebookresearch/qhoptim, qhoptim/pyt/qhadam.py): the moment estimates are
// kept bias-corrected through the weights w = 1 + β·w (= (1 − β^t)/(1 − β)),
//   m̂ ← (1 − 1/w1) m̂ + g/w1,   v̂ ← (1 − 1/w2) v̂ + g²/w2,
//   θ ← θ − lr · ((1 − ν1) g + ν1 m̂) / (sqrt((1 − ν2) g² + ν2 v̂) + ε).
// The arithmetic (and its order) is TreeLab's QHAdam before parameter groups existed, kept bit for bit
// so that LatentTrees runs give the same models; it equals qhoptim's up to rounding.
#include "core/optim/qhadam.h"

#include <cmath>

#include "core/optim/setting_checks.h"

namespace treelab {

QhAdam::QhAdam(const OptimizerSettings& settings, std::vector<ParameterGroup> groups)
    : Optimizer(std::move(groups)),
      beta1_(settings.beta1),
      beta2_(settings.beta2),
      nu1_(settings.nu1),
      nu2_(settings.nu2),
      epsilon_(settings.epsilon),
      beta1_weights_(this->groups().size(), 0.0),
      beta2_weights_(this->groups().size(), 0.0),
      decayed_(largest_group()) {
    require_setting(beta1_ >= 0.0 && beta1_ < 1.0 && beta2_ >= 0.0 && beta2_ < 1.0, "qhadam",
                    "beta1 and beta2 must lie in [0, 1)");
    require_setting(nu1_ >= 0.0 && nu1_ <= 1.0 && nu2_ >= 0.0 && nu2_ <= 1.0, "qhadam", "nu1 and nu2 must lie in [0, 1]");
    require_setting(std::isfinite(epsilon_) && epsilon_ >= 0.0, "qhadam", "epsilon must be zero or positive");
    for (const ParameterGroup& group : this->groups()) {
        first_moments_.push_back(Eigen::VectorXd::Zero(group.size));
        second_moments_.push_back(Eigen::VectorXd::Zero(group.size));
    }
}

void QhAdam::update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                    const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) {
    if (reads_raw_gradient(group, gradient_scale)) return qhadam_step(group, parameters, gradient);
    Eigen::Ref<Eigen::VectorXd> decayed = decayed_.head(gradient.size());
    scaled_decayed_gradient(group, parameters, gradient, gradient_scale, decayed);  // qhoptim: d_p.add_(weight_decay, p.data)
    qhadam_step(group, parameters, decayed);
}

void QhAdam::qhadam_step(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                         const Eigen::Ref<const Eigen::VectorXd>& gradient) {
    double& beta1_weight = beta1_weights_[group];
    double& beta2_weight = beta2_weights_[group];
    Eigen::VectorXd& first_moment = first_moments_[group];
    Eigen::VectorXd& second_moment = second_moments_[group];
    const double learning_rate = groups()[group].learning_rate;
    beta1_weight = 1.0 + beta1_ * beta1_weight;
    beta2_weight = 1.0 + beta2_ * beta2_weight;
    const double beta1_adj = 1.0 - 1.0 / beta1_weight;
    const double beta2_adj = 1.0 - 1.0 / beta2_weight;
    first_moment.array() = beta1_adj * first_moment.array() + (1.0 - beta1_adj) * gradient.array();
    second_moment.array() = beta2_adj * second_moment.array() + (1.0 - beta2_adj) * gradient.array().square();
    parameters.array() -=
        learning_rate * (nu1_ * first_moment.array() + (1.0 - nu1_) * gradient.array()) /
        ((nu2_ * second_moment.array() + (1.0 - nu2_) * gradient.array().square()).sqrt() + epsilon_);
}

}  // namespace treelab
