#include "core/optim/parameter_group.h"

namespace treelab {

std::vector<ParameterGroup> single_group(Eigen::Index size, double learning_rate) {
    return {ParameterGroup{"all", 0, size, learning_rate, 0.0}};
}

}  // namespace treelab
