#pragma once
// Reading tests/fixtures/optim/*.json (written by tests/tools/make_optim_fixtures.py) for the optim tests.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include "core/optim/optimizer.h"
#include "tests/support/test_support.h"

namespace treelab::test {

inline nlohmann::json read_optim_fixture(const std::string& name) {
    std::ifstream file(fixture("optim/" + name));
    return nlohmann::json::parse(file);
}

inline Eigen::VectorXd to_vector(const nlohmann::json& values) {
    const std::vector<double> v = values.get<std::vector<double>>();
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

inline OptimizerSettings optimizer_settings(const nlohmann::json& s) {
    OptimizerSettings settings;
    settings.kind = s.at("kind").get<std::string>();
    settings.beta1 = s.at("beta1");
    settings.beta2 = s.at("beta2");
    settings.nu1 = s.at("nu1");
    settings.nu2 = s.at("nu2");
    settings.epsilon = s.at("epsilon");
    settings.epsilon_placement =
        s.at("epsilon_placement") == "tensorflow" ? EpsilonPlacement::TensorFlow : EpsilonPlacement::PyTorch;
    settings.momentum = s.at("momentum");
    settings.dampening = s.at("dampening");
    settings.nesterov = s.at("nesterov");
    settings.alpha = s.at("alpha");
    settings.centered = s.at("centered");
    return settings;
}

inline std::vector<ParameterGroup> parameter_groups(const nlohmann::json& groups) {
    std::vector<ParameterGroup> result;
    for (const nlohmann::json& g : groups)
        result.push_back({g.at("name").get<std::string>(), g.at("offset").get<Eigen::Index>(),
                          g.at("size").get<Eigen::Index>(), g.at("learning_rate").get<double>(),
                          g.at("weight_decay").get<double>()});
    return result;
}

// |a − b| / max(|a|, |b|), 0 when both are 0.
inline double relative_error(double a, double b) {
    const double scale = std::max(std::abs(a), std::abs(b));
    return scale == 0.0 ? 0.0 : std::abs(a - b) / scale;
}

}  // namespace treelab::test
