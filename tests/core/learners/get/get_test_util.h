#pragma once
// Small GET trees and data for the tests of tests/core/learners/get/.
#include <random>

#include <Eigen/Core>

#include "core/learners/get/get_parameter_layout.h"

namespace treelab::get::test {

// n rows × p features uniform in [0, 1] (the unit scale GET trains on), from `seed`.
inline Eigen::MatrixXd unit_rows(Eigen::Index n, Eigen::Index p, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    Eigen::MatrixXd X(n, p);
    for (Eigen::Index j = 0; j < p; ++j)
        for (Eigen::Index i = 0; i < n; ++i) X(i, j) = uniform(random);
    return X;
}

inline Spec spec(int depth, Eigen::Index inputs, Eigen::Index outputs = 1) {
    Spec s;
    s.depth = depth;
    s.inputs = inputs;
    s.outputs = outputs;
    s.loss = outputs == 1 ? LeafLoss::SquaredError : LeafLoss::LogLoss;
    return s;
}

// A regression spec with linear leaves (GET-Linear).
inline Spec linear_spec(int depth, Eigen::Index inputs) {
    Spec s = spec(depth, inputs);
    s.leaf_model = LeafModel::Linear;
    return s;
}

inline Eigen::VectorXd random_tree(const Spec& s, unsigned seed) {
    std::mt19937 random(seed);
    return random_parameters(s, random);
}

// random_tree, and when the leaves are linear random slopes k ~ U(−1, 1) (random_tree starts them at 0).
inline Eigen::VectorXd random_linear_tree(const Spec& s, unsigned seed) {
    Eigen::VectorXd parameters = random_tree(s, seed);
    if (s.linear()) mutable_view(s, parameters).K = unit_rows(s.leaves(), s.inputs, seed + 1).array() * 2.0 - 1.0;
    return parameters;
}

}  // namespace treelab::get::test
