#pragma once
// Loads the scikit-learn fixtures written by tests/tools/make_cart_fixtures.py together with the
// dataset they were made from (read with TreeLab's own CSV reader and pipeline).
#include <string>

#include <nlohmann/json.hpp>

#include "core/data/dataset.h"
#include "core/params/param_spec.h"

namespace treelab::test {

struct CartFixture {
    nlohmann::json json;
    Dataset all, train, test;
};

// tests/fixtures/cart/<name>.json and the data set it names, split as stored in the fixture.
CartFixture load_cart_fixture(const std::string& name);
// Any fixture under tests/fixtures ("forest/glass.json") with the same "dataset", "target",
// "classes" (empty for regression), "train" and "test" fields (tests/tools/make_forest_fixtures.py).
CartFixture load_split_fixture(const std::string& file);
// The inputs of a run's "probes" (a data-set row with one feature set on or just above a split
// threshold) and sklearn's predictions for them.
Eigen::MatrixXd probe_rows(const CartFixture& fixture, const nlohmann::json& run);
Eigen::VectorXd probe_predictions(const nlohmann::json& run);
// CART parameters of one fixture run (defaults for the names it does not give).
ParamValues cart_run_params(const nlohmann::json& run);

}  // namespace treelab::test
