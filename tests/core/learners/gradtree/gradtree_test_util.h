#pragma once
// Shared by the GradTree tests: a spec and random parameters with every part non-trivial.
#include <cstdint>

#include <Eigen/Core>

#include "core/learners/gradtree/gradtree_parameter_layout.h"
#include "tests/core/nn/nn_test_util.h"

namespace treelab::test {

// Parameters U(±scale) (random_matrix), so that feature logits are close enough for entmax to
// keep several features in its support and the leaves differ.
inline Eigen::VectorXd random_parameters(const gradtree::Spec& spec, std::uint32_t seed, double scale = 1.0) {
    return random_matrix(spec.parameters(), 1, seed, scale);
}

}  // namespace treelab::test
