// QHAdam and Adam in one update (optimizer.h); the order of operations follows qhoptim's
// QHAdam.step (facebookresearch/qhoptim, qhoptim/pyt/qhadam.py).
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/optim/optimizer.h"

namespace treelab {
namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw ParamError("optimizer: " + what);
}

}  // namespace

Optimizer::Optimizer(const OptimizerSettings& settings, Eigen::Index size)
    : learning_rate_(settings.learning_rate),
      beta1_(settings.beta1),
      beta2_(settings.beta2),
      nu1_(settings.kind == "adam" ? 1.0 : settings.nu1),
      nu2_(settings.kind == "adam" ? 1.0 : settings.nu2),
      epsilon_(settings.epsilon),
      first_moment_(Eigen::VectorXd::Zero(size)),
      second_moment_(Eigen::VectorXd::Zero(size)) {
    require(settings.kind == "adam" || settings.kind == "qhadam",
            "kind must be \"qhadam\" or \"adam\", not \"" + settings.kind + "\"");
    require(std::isfinite(learning_rate_) && learning_rate_ > 0.0, "the learning rate must be positive");
    require(beta1_ >= 0.0 && beta1_ < 1.0 && beta2_ >= 0.0 && beta2_ < 1.0, "beta1 and beta2 must lie in [0, 1)");
    require(nu1_ >= 0.0 && nu1_ <= 1.0 && nu2_ >= 0.0 && nu2_ <= 1.0, "nu1 and nu2 must lie in [0, 1]");
    require(std::isfinite(epsilon_) && epsilon_ >= 0.0, "epsilon must be zero or positive");
}

void Optimizer::step(Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient) {
    beta1_weight_ = 1.0 + beta1_ * beta1_weight_;
    beta2_weight_ = 1.0 + beta2_ * beta2_weight_;
    const double beta1_adj = 1.0 - 1.0 / beta1_weight_;
    const double beta2_adj = 1.0 - 1.0 / beta2_weight_;
    first_moment_.array() = beta1_adj * first_moment_.array() + (1.0 - beta1_adj) * gradient.array();
    second_moment_.array() = beta2_adj * second_moment_.array() + (1.0 - beta2_adj) * gradient.array().square();
    parameters.array() -=
        learning_rate_ * (nu1_ * first_moment_.array() + (1.0 - nu1_) * gradient.array()) /
        ((nu2_ * second_moment_.array() + (1.0 - nu2_) * gradient.array().square()).sqrt() + epsilon_);
}

}  // namespace treelab
