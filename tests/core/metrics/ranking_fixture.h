#pragma once
// Loads the scikit-learn fixture written by tests/tools/make_metrics_fixtures.py: per case the true
// classes, the probabilities and sklearn's scores.
#include <vector>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

namespace treelab::test {

struct RankingCase {
    nlohmann::json json;  // sklearn's outputs, by the names the script writes
    Eigen::VectorXd y;
    Eigen::MatrixXd proba;
    int classes = 0;
};

// Every case of tests/fixtures/metrics/ranking.json.
std::vector<RankingCase> ranking_cases();

}  // namespace treelab::test
