#pragma once
// Spans of the flat parameter vector that an optimizer updates with their own learning rate and
// weight decay: PyTorch's param_groups (torch/optim/optimizer.py, Optimizer.add_param_group).
#include <string>
#include <vector>

#include <Eigen/Core>

namespace treelab {

struct ParameterGroup {            // PyTorch's param_groups: a span of the flat parameter vector
    std::string name;              // e.g. "thresholds"; used in error messages
    Eigen::Index offset = 0, size = 0;
    double learning_rate = 1e-3;
    double weight_decay = 0.0;     // coupled L2 (g += wd·θ) for sgd/adam/qhadam/rmsprop; decoupled for adamw
};

// One group named "all" covering parameters [0, size).
std::vector<ParameterGroup> single_group(Eigen::Index size, double learning_rate);

}  // namespace treelab
