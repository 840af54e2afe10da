#pragma once
// AdamW (Loshchilov & Hutter 2019): Adam with decoupled weight decay, θ ← θ·(1 − lr·wd) before the
// Adam step: torch.optim.AdamW (torch/optim/adamw.py, _single_tensor_adamw, amsgrad off). GET trains
// with it (maoqiangqiang/GET GET/GET_IterAlp.py, AdamW(lr=0.01)). Epsilon placement as Adam's.
#include <vector>

#include "core/optim/adam.h"

namespace treelab {

class AdamW final : public Adam {
public:
    AdamW(const OptimizerSettings& settings, std::vector<ParameterGroup> groups);

protected:
    void update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) override;
};

}  // namespace treelab
