#pragma once
// First-order optimizers over parameter groups of one flat parameter vector, equal to PyTorch's
// (torch/optim/*.py of torch 1.13, the single-tensor code paths) and to qhoptim's QHAdam. One small
// derived type per algorithm: sgd.h, adam.h, adamw.h, qhadam.h, rmsprop.h.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/optim/parameter_group.h"

namespace treelab {

// Where Adam adds epsilon. PyTorch: θ ← θ − (lr/(1−β1^t))·m/(√v/√(1−β2^t) + ε) (torch.optim.Adam).
// TensorFlow: legacy Keras/TF Adam as GradTree trains, θ ← θ − lr_t·m/(√v + ε) with
// lr_t = lr·√(1−β2^t)/(1−β1^t) (001 App. A; tf.keras.optimizers.legacy.Adam; GradTree's ε is 1e-7, added after the bias-corrected step size).
enum class EpsilonPlacement { PyTorch, TensorFlow };

struct OptimizerSettings {
    std::string kind = "adam";              // "sgd" | "adam" | "adamw" | "qhadam" | "rmsprop"
    double beta1 = 0.9, beta2 = 0.999;      // adam, adamw, qhadam
    double nu1 = 0.7, nu2 = 1.0;            // qhadam (Ma & Yarats 2019, as LatentTrees uses them)
    double epsilon = 1e-8;
    EpsilonPlacement epsilon_placement = EpsilonPlacement::PyTorch;  // adam/adamw
    double momentum = 0.0, dampening = 0.0; bool nesterov = false;   // sgd (momentum also rmsprop)
    double alpha = 0.99; bool centered = false;                      // rmsprop
};

std::span<const std::string> optimizer_kinds();   // every kind make_optimizer accepts

class Optimizer {
public:
    // Throws ParamError for no group at all, a negative offset or size, overlapping groups, or a
    // learning rate or weight decay that is negative or not finite (torch's checks). Groups may be
    // listed in any order; a group of size 0 is allowed and does nothing.
    explicit Optimizer(std::vector<ParameterGroup> groups);
    virtual ~Optimizer();
    Optimizer(const Optimizer&) = delete;
    Optimizer& operator=(const Optimizer&) = delete;

    // One update of every group from one gradient times gradient_scale (same size as parameters;
    // throws ParamError on a size mismatch or a group past the end, before changing anything).
    // Parameters in no group stay as they are (frozen). The scale is gradient clipping's
    // coefficient (gradient_clipping.h), applied where an update first reads the gradient rather
    // than in a pass of its own: torch scales the gradient in place first, which rounds the same.
    void step(Eigen::Ref<Eigen::VectorXd> parameters, const Eigen::Ref<const Eigen::VectorXd>& gradient,
              double gradient_scale = 1.0);
    // The same on float32 parameters with float32 state (a learner's float32 storage, e.g. DGT's
    // precision=float32), as torch steps float32 tensors. Throws ParamError for an optimizer or a
    // setting without a float32 update (RMSprop's plain variant has one).
    void step(Eigen::Ref<Eigen::VectorXf> parameters, const Eigen::Ref<const Eigen::VectorXf>& gradient,
              double gradient_scale = 1.0);

    std::span<const ParameterGroup> groups() const { return groups_; }
    double learning_rate(std::size_t group) const;       // throws ParamError for a group out of range
    void set_learning_rate(std::size_t group, double rate);  // throws ParamError for a bad rate or group
    long long steps() const { return steps_; }             // steps taken

protected:
    // One group's update from gradient·gradient_scale; `parameters` and `gradient` are that group's
    // spans. During update(), steps() already counts the step being taken (t = 1 on the first step,
    // as torch's state['step']).
    virtual void update(std::size_t group, Eigen::Ref<Eigen::VectorXd> parameters,
                        const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale) = 0;
    // The float32 update; this one throws ParamError (RMSprop's refuses through it for the variants it lacks).
    virtual void update(std::size_t group, Eigen::Ref<Eigen::VectorXf> parameters,
                        const Eigen::Ref<const Eigen::VectorXf>& gradient, double gradient_scale);

    // Whether a group's update reads the gradient as it is: no scale and no coupled weight decay.
    bool reads_raw_gradient(std::size_t group, double gradient_scale) const;
    // out = gradient·gradient_scale + wd·θ with the group's coupled weight decay wd (torch: the
    // clipped gradient, then g = g + wd·θ in the optimizer's step).
    void scaled_decayed_gradient(std::size_t group, const Eigen::Ref<const Eigen::VectorXd>& parameters,
                                 const Eigen::Ref<const Eigen::VectorXd>& gradient, double gradient_scale,
                                 Eigen::Ref<Eigen::VectorXd> out) const;

    Eigen::Index largest_group() const;  // for work buffers allocated once

private:
    template <class Parameters, class Gradient>
    void checked_step(Parameters& parameters, const Gradient& gradient, double gradient_scale);

    std::vector<ParameterGroup> groups_;
    long long steps_ = 0;
};

// Throws ParamError for an unknown kind, a setting outside its range, or bad groups.
std::unique_ptr<Optimizer> make_optimizer(const OptimizerSettings&, std::vector<ParameterGroup> groups);

}  // namespace treelab
