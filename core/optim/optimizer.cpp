// The parameter-group bookkeeping every optimizer shares (optimizer.h); the checks are torch's
// (torch/optim/*.py constructors and Optimizer.add_param_group, which refuses overlapping groups).
#include "core/optim/optimizer.h"

#include <algorithm>
#include <cmath>

#include "core/optim/setting_checks.h"

namespace treelab {
namespace {

constexpr std::string_view kOwner = "optimizer";

std::string quoted(const ParameterGroup& group) { return "parameter group \"" + group.name + "\""; }

void check_rate(const ParameterGroup& group, double rate) {
    require_setting(std::isfinite(rate) && rate >= 0.0, kOwner,
                    "the learning rate of " + quoted(group) + " must be zero or positive, not " + std::to_string(rate));
}

}  // namespace

Optimizer::Optimizer(std::vector<ParameterGroup> groups) : groups_(std::move(groups)) {
    require_setting(!groups_.empty(), kOwner, "there is no parameter group to optimize");
    for (const ParameterGroup& group : groups_) {
        require_setting(group.offset >= 0 && group.size >= 0, kOwner,
                        quoted(group) + " needs a zero or positive offset and size");
        check_rate(group, group.learning_rate);
        require_setting(std::isfinite(group.weight_decay) && group.weight_decay >= 0.0, kOwner,
                        "the weight decay of " + quoted(group) + " must be zero or positive");
    }
    std::vector<const ParameterGroup*> by_offset;
    for (const ParameterGroup& group : groups_)
        if (group.size > 0) by_offset.push_back(&group);
    std::sort(by_offset.begin(), by_offset.end(),
              [](const ParameterGroup* a, const ParameterGroup* b) { return a->offset < b->offset; });
    for (std::size_t k = 1; k < by_offset.size(); ++k)
        require_setting(by_offset[k - 1]->offset + by_offset[k - 1]->size <= by_offset[k]->offset, kOwner,
                        quoted(*by_offset[k - 1]) + " and " + quoted(*by_offset[k]) + " overlap");
}

Optimizer::~Optimizer() = default;

template <class Parameters, class Gradient>
void Optimizer::checked_step(Parameters& parameters, const Gradient& gradient, double gradient_scale) {
    require_setting(gradient.size() == parameters.size(), kOwner,
                    "the gradient has " + std::to_string(gradient.size()) + " entries for " +
                        std::to_string(parameters.size()) + " parameters");
    for (const ParameterGroup& group : groups_)
        require_setting(group.offset + group.size <= parameters.size(), kOwner,
                        quoted(group) + " ends at " + std::to_string(group.offset + group.size) + ", past the " +
                            std::to_string(parameters.size()) + " parameters");
    ++steps_;
    for (std::size_t k = 0; k < groups_.size(); ++k) {
        const ParameterGroup& group = groups_[k];
        if (group.size == 0) continue;
        update(k, parameters.segment(group.offset, group.size), gradient.segment(group.offset, group.size), gradient_scale);
    }
}

void Optimizer::step(Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient,
                     double gradient_scale) {
    checked_step(parameters, gradient, gradient_scale);
}

void Optimizer::step(Eigen::Ref<Eigen::VectorXf> parameters, const Eigen::Ref<const Eigen::VectorXf>& gradient,
                     double gradient_scale) {
    checked_step(parameters, gradient, gradient_scale);
}

void Optimizer::update(std::size_t, Eigen::Ref<Eigen::VectorXf>, const Eigen::Ref<const Eigen::VectorXf>&, double) {
    require_setting(false, kOwner, "float32 storage is implemented for RMSprop without centering or weight decay only");
}

bool Optimizer::reads_raw_gradient(std::size_t group, double gradient_scale) const {
    return gradient_scale == 1.0 && groups_[group].weight_decay == 0.0;
}

void Optimizer::scaled_decayed_gradient(std::size_t group, const Eigen::Ref<const Eigen::VectorXd>& parameters,
                                        const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale,
                                        Eigen::Ref<Eigen::VectorXd> out) const {
    const double weight_decay = groups_[group].weight_decay;
    if (weight_decay != 0.0)
        out = gradient_scale * gradient + weight_decay * parameters;
    else
        out = gradient_scale * gradient;
}

double Optimizer::learning_rate(std::size_t group) const {
    require_setting(group < groups_.size(), kOwner, "there is no parameter group " + std::to_string(group));
    return groups_[group].learning_rate;
}

void Optimizer::set_learning_rate(std::size_t group, double rate) {
    require_setting(group < groups_.size(), kOwner, "there is no parameter group " + std::to_string(group));
    check_rate(groups_[group], rate);
    groups_[group].learning_rate = rate;
}

Eigen::Index Optimizer::largest_group() const {
    Eigen::Index largest = 0;
    for (const ParameterGroup& group : groups_) largest = std::max(largest, group.size);
    return largest;
}

}  // namespace treelab
