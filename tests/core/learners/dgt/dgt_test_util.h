#pragma once
// Shared by the DGT tests: small network shapes and data sets.
#include <cstdint>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/learners/dgt/dgt_network.h"
#include "core/learners/dgt/dgt_parameter_layout.h"
#include "core/nn/linear_chain.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab::test {

inline dgt::Spec dgt_spec(int height, Eigen::Index inputs, std::vector<Eigen::Index> hidden, Eigen::Index classes) {
    dgt::Spec spec;
    spec.height = height;
    spec.inputs = inputs;
    spec.hidden = std::move(hidden);
    spec.classification = classes > 0;
    spec.outputs = classes > 0 ? classes : 1;
    return spec;
}

// Parameters U(±scale) (random_matrix): node outputs of order 1, so that some fall inside the
// quantiser's window |z| ≤ 1 and some outside, and every leaf differs.
inline Eigen::VectorXd dgt_random_parameters(const dgt::Spec& spec, std::uint32_t seed, double scale = 0.6) {
    return random_matrix(spec.parameters(), 1, seed, scale);
}

// The hard network on rows X, its chain folded.
inline dgt::HardPass dgt_hard_forward(const dgt::Spec& spec, const Eigen::VectorXd& parameters, const Eigen::MatrixXd& X) {
    const dgt::ParameterView v = dgt::view(spec, parameters);
    return dgt::hard_forward(spec, nn::LinearChain(spec.chain()).fold(v.chain), v, X);
}

// A data set over random rows: labels cycling through the classes, or a smooth regression target.
inline Dataset dgt_dataset(Eigen::Index rows, Eigen::Index features, int classes, std::uint32_t seed) {
    Dataset data;
    data.X = random_matrix(rows, features, seed, 2.0);
    data.task = classes > 0 ? Task::Classification : Task::Regression;
    data.y.resize(rows);
    for (Eigen::Index i = 0; i < rows; ++i)
        data.y(i) = classes > 0 ? static_cast<double>((i * 7 + 3) % classes) : 10.0 + 3.0 * data.X(i, 0) - data.X(i, 1) * data.X(i, 1);
    for (Eigen::Index j = 0; j < features; ++j) data.feature_names.push_back("x" + std::to_string(j));
    for (int c = 0; c < classes; ++c) data.class_names.push_back("c" + std::to_string(c));
    return data;
}

}  // namespace treelab::test
