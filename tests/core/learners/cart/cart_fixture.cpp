#include "tests/core/learners/cart/cart_fixture.h"

#include <fstream>
#include <optional>

#include "core/data/csv_reader.h"
#include "core/data/dataset_encoding.h"
#include "core/learners/cart/cart.h"
#include "tests/support/test_support.h"

namespace treelab::test {

CartFixture load_cart_fixture(const std::string& name) {
    CartFixture fixture;
    std::ifstream in(test::fixture("cart/" + name + ".json"));
    fixture.json = nlohmann::json::parse(in);

    const Table table = read_csv(test::dataset(name + ".csv"));
    const bool classification = !fixture.json.at("classes").empty();
    const Dataset data = whole_table_dataset(table, fixture.json.at("target").get<std::string>(),
                                             classification ? Task::Classification : Task::Regression);
    fixture.train = data.subset(fixture.json.at("train").get<std::vector<Eigen::Index>>());
    fixture.test = data.subset(fixture.json.at("test").get<std::vector<Eigen::Index>>());
    return fixture;
}

ParamValues cart_run_params(const nlohmann::json& run) {
    ParamValues values(cart_params());
    for (const auto& [name, text] : run.at("params").items()) values.set(cart_params(), name, text.get<std::string>());
    return values;
}

}  // namespace treelab::test
