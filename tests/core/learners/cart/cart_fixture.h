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
    Dataset train, test;
};

// tests/fixtures/cart/<name>.json and datasets/<name>.csv, split as stored in the fixture.
CartFixture load_cart_fixture(const std::string& name);
// CART parameters of one fixture run (defaults for the names it does not give).
ParamValues cart_run_params(const nlohmann::json& run);

}  // namespace treelab::test
