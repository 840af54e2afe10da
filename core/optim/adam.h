#pragma once
// Adam (Kingma & Ba 2015) with coupled weight decay: torch.optim.Adam (torch/optim/adam.py,
// _single_tensor_adam, amsgrad off), or with EpsilonPlacement::TensorFlow the legacy Keras/TF Adam
// GradTree trains with (optimizer.h).
#include <vector>

#include "core/optim/optimizer.h"

namespace treelab {

class Adam : public Optimizer {
public:
    // Uses beta1, beta2, epsilon, epsilon_placement. Throws ParamError as torch: betas outside
    // [0, 1), epsilon negative.
    Adam(const OptimizerSettings& settings, std::vector<ParameterGroup> groups);

protected:
    void update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) override;

    // A buffer of `size` entries for a group's scaled (and decayed) gradient.
    Eigen::Ref<Eigen::VectorXd> work_buffer(Eigen::Index size) { return decayed_.head(size); }
    // The moment updates and the step of one group from the (possibly decayed) gradient.
    void adam_step(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                   const Eigen::Ref<const Eigen::VectorXd>& gradient);

private:
    double beta1_, beta2_, epsilon_;
    EpsilonPlacement placement_;
    std::vector<Eigen::VectorXd> first_moments_, second_moments_;  // per group: exp_avg, exp_avg_sq
    Eigen::VectorXd decayed_;                                      // work buffer: g·scale + wd·θ
};

}  // namespace treelab
