#pragma once
// QHAdam (Ma & Yarats 2019, "Quasi-hyperbolic momentum and Adam for deep learning", Alg. 1) with
// coupled weight decay, as facebookresearch/qhoptim's qhoptim/pyt/qhadam.py QHAdam.step. LatentTrees
// trains with it (vzantedeschi/LatentTrees hierarchical_clustering.py: nus (0.7, 1.0), betas (0.995, 0.998)). With ν1 = ν2 = 1 it is Adam up to rounding.
#include <vector>

#include "core/optim/optimizer.h"

namespace treelab {

class QhAdam final : public Optimizer {
public:
    // Uses beta1, beta2, nu1, nu2, epsilon. Throws ParamError: betas outside [0, 1), nus outside
    // [0, 1], epsilon negative.
    QhAdam(const OptimizerSettings& settings, std::vector<ParameterGroup> groups);

protected:
    void update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) override;

private:
    void qhadam_step(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                     const Eigen::Ref<const Eigen::VectorXd>& gradient);

    double beta1_, beta2_, nu1_, nu2_, epsilon_;
    std::vector<double> beta1_weights_, beta2_weights_;            // per group: (1 − β^t)/(1 − β)
    std::vector<Eigen::VectorXd> first_moments_, second_moments_;  // per group: bias-corrected m̂, v̂
    Eigen::VectorXd decayed_;                                      // work buffer: g·scale + wd·θ
};

}  // namespace treelab
